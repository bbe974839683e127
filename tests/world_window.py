"""A request of the agent's sent in the window between a call the world waits for and the
event that call fires, deterministically (no sleep): the world's counting of the call
(``WorldMiddleware._count``, which runs once the call's own transaction has committed and
before the event is written) first sends the intruding request in another thread and waits
until it reaches the writers' queue. If nobody holds the writers then, it is served at once,
inside the window, and the world waits for its answer; if the call holds them (an event atomic
with its trigger), it waits in the queue until the event is written."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
import requests

from mock_services.core.base.write_lock import WriteLock
from mock_services.core.web.world import WorldMiddleware


@dataclass
class Intrusion:
    """What became of the intruding request: its answer, and whether it was served inside the
    window (the writers free when it reached their queue)."""

    send: Callable[[], requests.Response]
    answer: requests.Response | None = None
    served_in_window: bool | None = None
    _arrived: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> None:
        def run() -> None:
            try:
                self.answer = self.send()
            finally:
                self._arrived.set()  # one that never queued (refused early) ends the wait too

        self._thread = threading.Thread(target=run, name="intruder")
        self._thread.start()
        assert self._arrived.wait(30), "the intruding request never reached the writers' queue"

    def arrived(self, lock: WriteLock) -> None:
        """Called in the intruder's thread as it first asks for the writers."""
        if threading.current_thread() is self._thread and not self._arrived.is_set():
            self.served_in_window = not lock.held
            self._arrived.set()

    def join(self) -> requests.Response:
        assert self._thread is not None, "the window never opened: no call counted for an event"
        self._thread.join(30)
        assert self.answer is not None, "the intruding request got no answer"
        return self.answer


@contextmanager
def intruding(
    monkeypatch: pytest.MonkeyPatch, send: Callable[[], requests.Response]
) -> Iterator[Intrusion]:
    """Within the block, the first call the world counts for an event has ``send`` sent in its
    window; the ``Intrusion`` is complete (its answer in) once the block ends."""
    intrusion = Intrusion(send)
    count, acquire = WorldMiddleware._count, WriteLock.acquire

    def counted(self: WorldMiddleware, *args: Any) -> None:
        if intrusion._thread is None:
            intrusion.start()
            if intrusion.served_in_window is not False:
                intrusion.join()  # served now, before the event: the window was open
        count(self, *args)

    def queued(self: WriteLock) -> None:
        intrusion.arrived(self)
        acquire(self)

    monkeypatch.setattr(WorldMiddleware, "_count", counted)
    monkeypatch.setattr(WriteLock, "acquire", queued)
    yield intrusion
    intrusion.join()
