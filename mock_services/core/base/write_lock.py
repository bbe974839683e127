"""The queue a service's writers wait in before they take SQLite's write lock.

SQLite's own wait for a locked DB (its busy handler) sleeps 1, 2, 5, 10 ... 100 ms between
tries, so a writer that finds the lock taken waits at least a millisecond even when it is
freed a tenth of that later: under concurrent writes most of a request's time went to those
sleeps. Here the writers of one process queue on a thread lock (handed over the moment it is
released) and the processes on an advisory file lock tried every ``POLL_SECONDS``; SQLite's
lock stays the one that guards the data, this only orders who asks for it.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

POLL_SECONDS = 0.0001
"""How often a writer of another process tries the file lock while it is held."""

_forks = [0]
"""How many forks this process is from the one that imported this module: a child counts one
more, so a lock file opened before a fork is known as the parent's without asking the kernel
for the pid on every write (``getpid`` is a system call)."""
os.register_at_fork(after_in_child=lambda: _forks.__setitem__(0, _forks[0] + 1))


def open_lock_file(path: Path) -> int:
    """A lock file, created if missing, readable by its owner only."""
    return os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)


@contextmanager
def writers_excluded(path: Path) -> Iterator[None]:
    """Hold the writers' file lock ``path`` for the block (waiting for the writer in a
    transaction, if any): no writer of any process begins one meanwhile."""
    fd = open_lock_file(path)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


class WriteLock:
    """One DB's writer queue; ``acquire`` waits at most ``timeout`` seconds, as SQLite would.

    A thread that holds it may acquire it again (each ``acquire`` with its ``release``): a
    world that holds the writers from an agent's call to the event it fires makes that event's
    own write transaction in the same thread (see ``web.world.TriggerHold``)."""

    def __init__(self, path: Path, timeout: float) -> None:
        self._path = path
        self._timeout = timeout
        self._threads = threading.RLock()
        self._depth = 0  # this process's holds by the owning thread (read under ``_threads``)
        self._fd: int | None = None
        self._opened_in = -1  # the ``_forks`` count of the process that opened ``_fd``

    @property
    def held(self) -> bool:
        """Whether a thread of this process holds it now."""
        return self._depth > 0

    def _file(self) -> int:
        """The lock file, opened once per process (a forked worker opens its own: a lock
        shared with the parent's open file would not keep the two apart)."""
        if self._fd is None or self._opened_in != _forks[0]:
            self._fd = open_lock_file(self._path)
            self._opened_in = _forks[0]
        return self._fd

    def acquire(self) -> None:
        deadline = time.monotonic() + self._timeout
        if not self._threads.acquire(timeout=self._timeout):
            raise sqlite3.OperationalError("database is locked (waited for another writer)")
        if self._depth:  # this thread holds it already
            self._depth += 1
            return
        try:
            fd = self._file()
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    self._depth = 1
                    return
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise sqlite3.OperationalError(
                            "database is locked (waited for another process's writer)"
                        ) from None
                    time.sleep(POLL_SECONDS)
        except BaseException:
            self._threads.release()
            raise

    def release(self) -> None:
        assert self._fd is not None and self._depth > 0
        self._depth -= 1
        if not self._depth:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        self._threads.release()
