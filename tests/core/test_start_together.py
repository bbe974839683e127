"""``start_together``: a task's services (and ``serve all``'s) start at once, as the image's
entrypoint starts them, and the first that cannot serve stops every one, naming itself; a
wait only fails when none of the rest turns healthy for the whole timeout."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from mock_services.core.serve import process
from mock_services.core.serve.process import (
    ServiceProcess,
    ServiceStartError,
    free_port,
    start_together,
)

ROOT = Path(__file__).resolve().parents[2]
NOTES = "tests.core.notes_service:SPEC"


def notes(data_dir: Path, port: int) -> ServiceProcess:
    data_dir.mkdir()
    return ServiceProcess(NOTES, port, data_dir, workers=1, cwd=ROOT)


@pytest.mark.process  # starts servers
def test_services_start_at_once_and_one_that_exits_stops_the_others(tmp_path: Path) -> None:
    first, second = notes(tmp_path / "a", free_port()), notes(tmp_path / "b", free_port())
    start_together([first, second])
    try:
        assert first.healthy() and second.healthy()
    finally:
        first.stop()
        second.stop()
    with socket.socket() as taken:  # the third's port is held: its server exits at once
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        third = notes(tmp_path / "c", taken.getsockname()[1])
        fourth = notes(tmp_path / "d", free_port())
        with pytest.raises(
            ServiceStartError,
            match=rf"^{NOTES} exited with 1:\nerror: port \d+ on 127.0.0.1 is already served",
        ):
            start_together([third, fourth], timeout=20)
    assert third.exit_code() == 1
    assert fourth.exit_code() is not None, "the service that did start was left running"


class Slow(ServiceProcess):
    """A server that answers ``/health`` after ``looks`` looks, or never (no process)."""

    def __init__(self, name: str, looks: int | None) -> None:
        super().__init__(name, 0, Path("/nonexistent"))
        self.looks, self.stopped = looks, False

    def launch(self) -> None:
        pass

    def healthy(self) -> bool:
        if self.looks is None:
            return False
        self.looks -= 1
        return self.looks <= 0

    def stop(self) -> None:
        self.stopped = True


class Clock:
    """A clock whose time moves only by the waits the code sleeps."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_the_timeout_counts_from_the_last_service_that_turned_healthy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock()
    monkeypatch.setattr(process, "time", clock)
    steady = [Slow(f"s{i}", looks=4 * i) for i in range(1, 6)]  # one turns healthy every 4 looks
    start_together(steady, timeout=0.5)  # at most 0.4 s between turns, 0.9 s in all
    assert clock.now > 0.5 and not any(service.stopped for service in steady)
    stuck = [Slow("up", looks=1), Slow("hung", looks=None)]
    with pytest.raises(ServiceStartError, match=r"^hung is not healthy on port 0: after 0s, it"):
        start_together(stuck, timeout=0.5)
    assert all(service.stopped for service in stuck)
