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
