"""One generation of a service per port: a second server refuses a port in use, and a killed
server process takes its workers (and ``serve all`` its services) with it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mock_services.core.base.lifecycle import PortInUse, ensure_port_free
from mock_services.core.serve.process import free_port
from tests.conftest import running_service

NOTES = "tests.core.notes_service:SPEC"


def serve(data_dir: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "mock_services.cli", "--data-dir", str(data_dir), "serve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def children(pid: int) -> set[int]:
    """Every descendant of ``pid``, from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_until(condition, timeout: float) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.mark.process  # real servers, ports and signals
def test_a_second_server_refuses_a_port_in_use(tmp_path: Path) -> None:
    with running_service(NOTES, tmp_path / "one", workers=2) as first:
        second = serve(tmp_path / "two", NOTES, "--port", str(first.port))
        output, _ = second.communicate(timeout=60)
        assert second.returncode == 1, output
        assert f"port {first.port} on 127.0.0.1 is already served by pid" in output
        assert "mock-notes" in output, f"the holder is not named: {output}"
        assert output.rstrip().endswith("stop it or choose another port with --port"), output
        with pytest.raises(PortInUse, match=str(first.port)):
            ensure_port_free("127.0.0.1", first.port)


@pytest.mark.process  # real servers, ports and signals
def test_serve_all_refuses_when_one_port_is_taken(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            taken.bind(("127.0.0.1", 5001))
        except OSError:
            pytest.skip("port 5001 is busy on this machine")
        taken.listen()
        process = serve(tmp_path / "data", "all")
        output, _ = process.communicate(timeout=60)
    assert process.returncode == 1, output
    assert "port 5001 on 127.0.0.1 is already served by pid" in output, output
    assert "Listening at" not in output, "a service started before the check"


def test_a_bound_but_idle_socket_does_not_count_as_a_server() -> None:
    """The container keeps each port reserved by a socket that never listens."""
    port = free_port()
    with socket.socket() as reservation:
        reservation.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        reservation.bind(("127.0.0.1", port))
        ensure_port_free("127.0.0.1", port)


@pytest.mark.process  # real servers, ports and signals
def test_workers_die_with_a_killed_server(tmp_path: Path) -> None:
    with running_service(NOTES, tmp_path / "data", workers=2) as server:
        main = server.pid
        assert wait_until(lambda: len(children(main)) >= 2, 10), "no workers were started"
        workers = children(main)
        os.kill(main, signal.SIGKILL)
        # the kernel kills them at once (PR_SET_PDEATHSIG); a loaded machine may take a while
        # to tear them down, and what counts is that they go, not how fast
        assert wait_until(lambda: not any(alive(pid) for pid in workers), 15), (
            f"workers {sorted(p for p in workers if alive(p))} outlived their server"
        )
        # a worker still importing the app holds the listening socket until it sees its
        # server gone and leaves, so the port is given the same while
        assert wait_until(lambda: not _answers(server.port), 15), "the port still answers"


@pytest.mark.process  # real servers, ports and signals
def test_a_server_stopped_right_after_its_first_answer_ends_gracefully(tmp_path: Path) -> None:
    """granian waits forever on a worker told to stop while still starting: ``stop`` lets the
    workers start first, so the server ends on its own instead of being killed."""
    for attempt in range(3):  # a real service's second worker is still starting in most
        with running_service("todolist", tmp_path / f"data-{attempt}", workers=2) as server:
            process = server._proc
            assert process is not None
        assert process.returncode == 0, (
            f"stop {attempt}: expected the server to end by itself with 0, it got "
            f"{process.returncode} (-9: killed after waiting)\n{server.log_tail()}"
        )


@pytest.mark.process  # real servers, ports and signals
def test_a_worker_that_never_stops_is_killed_and_the_server_still_ends_with_zero(
    tmp_path: Path,
) -> None:
    """A hung worker (here a stopped one) must not hang its server's stop: granian kills it."""
    with running_service(NOTES, tmp_path / "data", workers=2) as server:
        main = server.pid
        assert main is not None
        # both workers up, not only spawned: one stopped while it starts is not a hung worker to
        # granian, which then waits for it (the server killed after waiting, -9)
        assert wait_until(lambda: server.log_tail().count("Started worker-") >= 2, 20), (
            f"the workers did not start\n{server.log_tail()}"
        )
        hung = min(children(main))
        os.kill(hung, signal.SIGSTOP)
        process = server._proc
        assert process is not None
    assert process.returncode == 0, (
        f"expected granian to kill the hung worker and end with 0, it got "
        f"{process.returncode} (-9: killed after waiting)\n{server.log_tail()}"
    )
    assert "refused to gracefully stop" in server.log_tail(), server.log_tail()
    assert not alive(hung), f"the hung worker {hung} outlived its server"


def _answers(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.process  # real servers, ports and signals
@pytest.mark.slow
def test_serve_all_takes_its_services_with_it(tmp_path: Path) -> None:
    ports = (1234, 5000, 5001, 5006, 5002)
    for port in ports:
        try:
            ensure_port_free("127.0.0.1", port)
        except PortInUse:
            pytest.skip(f"port {port} is busy on this machine")
    process = serve(tmp_path / "data", "all", "--workers", "1")
    try:
        assert wait_until(lambda: len(children(process.pid)) >= 8, 60), "services did not start"
        descendants = children(process.pid)
        os.kill(process.pid, signal.SIGKILL)
        assert wait_until(lambda: not any(alive(pid) for pid in descendants), 2), (
            f"{sorted(p for p in descendants if alive(p))} outlived `serve all`"
        )
    finally:
        for pid in children(process.pid):
            os.kill(pid, signal.SIGKILL)
        process.kill()
        process.wait()
