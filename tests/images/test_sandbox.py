"""The warden's and end-agent-session's building blocks on this machine (root only): the
verifier folder's guard and cleanup, and ending every process of a user without a fork."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mock_services.sandbox import (
    agent_pids,
    clear_verifier_dir,
    end_processes,
    guard_verifier_dir,
    kill_every_process_of,
    unused_uid,
)

pytestmark = pytest.mark.skipif(os.getuid() != 0, reason="needs root, as in a task container")
AGENT = 4321


@pytest.fixture
def verifier_dir(tmp_path: Path) -> Path:
    directory = tmp_path / "logs" / "verifier"
    directory.mkdir(parents=True)
    directory.chmod(0o777)
    return directory


def test_the_guard_closes_the_folder_and_removes_forgeries(verifier_dir: Path) -> None:
    (verifier_dir / "reward.txt").write_text("1.0")  # root's, e.g. a moved asset
    (verifier_dir / "agent-file").write_text("x")
    os.chown(verifier_dir / "agent-file", AGENT, AGENT)
    (verifier_dir / "notes.log").write_text("kept")
    removed = guard_verifier_dir(verifier_dir, session_ended=False)
    assert sorted(removed) == ["agent-file", "reward.txt"]
    assert oct(verifier_dir.stat().st_mode & 0o777) == "0o755"
    assert oct(verifier_dir.parent.stat().st_mode & 0o777) == "0o755"
    (verifier_dir / "reward.txt").write_text("0.4")  # the verifier's, once the session ended
    assert guard_verifier_dir(verifier_dir, session_ended=True) == []


def test_a_link_in_place_of_the_folder_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "logs" / "verifier").symlink_to(tmp_path / "elsewhere")
    guard_verifier_dir(tmp_path / "logs" / "verifier", session_ended=False)
    assert (tmp_path / "logs" / "verifier").is_dir()
    assert not (tmp_path / "logs" / "verifier").is_symlink()


def test_the_cleanup_keeps_only_the_file_a_root_process_is_writing(verifier_dir: Path) -> None:
    (verifier_dir / "reward.json").write_text("{}")
    (verifier_dir / "moved-asset").write_text("root's")
    (verifier_dir / "evil").symlink_to("/etc/passwd")
    with open(verifier_dir / "test-stdout.txt", "w") as log:
        log.write("the runner's log of the verifier")
        removed = clear_verifier_dir(verifier_dir)
    assert sorted(removed) == ["evil", "moved-asset", "reward.json"]
    assert os.listdir(verifier_dir) == ["test-stdout.txt"]


@pytest.mark.process  # runs a subprocess
def test_every_process_of_the_user_ends_even_one_that_keeps_forking() -> None:
    forker = (
        "import os, time\n"
        f"os.setgid({AGENT}); os.setuid({AGENT})\n"
        "while True:\n"
        "    if os.fork() == 0:\n"
        "        time.sleep(30); os._exit(0)\n"
        "    time.sleep(0.01)\n"
    )
    process = subprocess.Popen([sys.executable, "-c", forker])
    try:
        time.sleep(0.5)
        assert len(agent_pids(AGENT)) > 5, "the forker did not start"
        assert end_processes(AGENT) == []
        assert agent_pids(AGENT) == []
    finally:
        process.kill()
        process.wait()
    with pytest.raises(ValueError, match="root"):
        end_processes(0)


# Four processes that each fork and exit at once, again and again: none keeps its pid long
# enough to be read from /proc and signalled by it. Their reaper stays root, as a container's
# init would, and exits once no process is left below it.
PID_HOPPERS = (
    "import ctypes, os\n"
    "ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER\n"
    "for _ in range(4):\n"
    "    if os.fork() == 0:\n"
    f"        os.setgid({AGENT}); os.setuid({AGENT})\n"
    "        while True:\n"
    "            try:\n"
    "                if os.fork():\n"
    "                    os._exit(0)\n"
    "            except OSError:\n"
    "                pass\n"
    "while True:\n"
    "    try:\n"
    "        os.wait()\n"
    "    except ChildProcessError:\n"
    "        break\n"
)
HOPPERS_END_SECONDS = 60
# Ends them whatever the code under test does: a process of the agent's uid kills all of it.
KILL_ALL_AS_AGENT = f"import os; os.setuid({AGENT}); os.kill(-1, 9)"


def _has_sigkill_pending(pid: int) -> bool | None:
    """Whether ``pid`` has SIGKILL pending; None once it has ended or is a zombie."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
    if fields["State"].startswith(("Z", "X")):
        return None
    pending = int(fields["SigPnd"], 16) | int(fields["ShdPnd"], 16)
    return bool(pending & (1 << (9 - 1)))


def _root_credentials() -> tuple[tuple[int, int, int], str]:
    status = Path("/proc/self/status").read_text()
    return os.getresuid(), next(line for line in status.splitlines() if line.startswith("CapEff"))


@pytest.mark.process  # runs a subprocess
def test_one_kill_ends_processes_that_change_pid_all_the_time() -> None:
    """A pid read from /proc is gone by the time it could be signalled; the one kill misses
    none of them, and we are root again after it."""
    before = _root_credentials()
    hoppers = subprocess.Popen([sys.executable, "-c", PID_HOPPERS])
    try:
        time.sleep(0.3)
        assert hoppers.poll() is None, "the hoppers did not start"
        kill_every_process_of(AGENT, unused_uid(AGENT))
        escaped = [pid for pid in agent_pids(AGENT) if _has_sigkill_pending(pid) is False]
        assert escaped == [], f"processes without a SIGKILL after the one kill: {escaped}"
        assert _root_credentials() == before
        # a hopper the kill missed forks forever: the bound only has to outlast reaping the
        # killed ones on a loaded machine (5 s did not at a load of 10 on two cores)
        deadline = time.monotonic() + HOPPERS_END_SECONDS
        while hoppers.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert hoppers.poll() is not None, (
            f"the hoppers still ran {HOPPERS_END_SECONDS} s after the one kill"
        )
        assert end_processes(AGENT) == []
    finally:
        subprocess.run([sys.executable, "-c", KILL_ALL_AS_AGENT], check=False)
        hoppers.kill()
        hoppers.wait()
