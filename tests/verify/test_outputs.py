"""Output files are read only where the instruction puts them, as the untrusted input they are."""

from __future__ import annotations

import os
import pwd
from pathlib import Path

import pytest

from mock_services.verify import (
    UnsafeOutput,
    outputs,
    read_json_output,
    read_output,
    require_output,
)
from mock_services.verify.outputs import open_output, output_path


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``/workspace`` stood in for by a folder of the test's."""
    folder = tmp_path / "workspace"
    folder.mkdir()
    monkeypatch.setattr(outputs, "WORKSPACE", folder)
    return folder


def test_a_relative_path_is_under_the_workspace_and_an_absolute_one_is_itself(
    workspace: Path, tmp_path: Path
) -> None:
    (workspace / "output").mkdir()
    (workspace / "output" / "result.json").write_text('{"answer": 42}')
    assert read_json_output("output/result.json") == {"answer": 42}
    brief = tmp_path / "home" / ".openclaw" / "output" / "brief.md"
    brief.parent.mkdir(parents=True)
    brief.write_text("# Brief")
    assert require_output(brief).text() == "# Brief"


@pytest.mark.parametrize(
    "elsewhere",
    [
        "home/.openclaw/output/result.json",
        "home/.openclaw/workspace/output/result.json",
        "workspace/result.json",
        "workspace/output/Result.json",
    ],
)
def test_the_right_file_in_another_place_is_missing(
    workspace: Path, tmp_path: Path, elsewhere: str
) -> None:
    """The fallback locations an earlier SDK searched (and a near name) are not read."""
    placed = tmp_path / elsewhere
    placed.parent.mkdir(parents=True, exist_ok=True)
    placed.write_text('{"answer": 42}')
    assert read_output("output/result.json") is None
    with pytest.raises(FileNotFoundError, match=r"workspace/output/result\.json: not written"):
        require_output("output/result.json")


def test_a_path_climbing_out_is_refused() -> None:
    with pytest.raises(UnsafeOutput, match=r"expected a path without '\.\.'"):
        output_path("output/../../etc/passwd")


def test_invalid_json_names_the_file(workspace: Path) -> None:
    (workspace / "output").mkdir()
    (workspace / "output" / "r.json").write_text("{nope")
    with pytest.raises(ValueError, match=r"r\.json: not valid JSON"):
        read_json_output("output/r.json")


# --- the agent's outputs are untrusted input -----------------------------------------------


@pytest.fixture(autouse=True)
def agent_is_this_user(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MOCK_AGENT_USER", pwd.getpwuid(os.getuid()).pw_name)


def output_dir(home: Path) -> Path:
    directory = home / ".openclaw" / "output"
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def report(home: Path) -> Path:
    """Where the tests below tell the agent to write its report."""
    return home / ".openclaw" / "output" / "report.json"


def test_a_link_to_the_reference_answer_is_refused(tmp_path: Path) -> None:
    """The verifier uploads the reference later; a link to it must not read as the output."""
    reference = tmp_path / "tests" / "reference" / "expected.json"
    reference.parent.mkdir(parents=True)
    reference.write_text('{"total": 1234.5}')
    (output_dir(tmp_path) / "report.json").symlink_to(reference)
    with pytest.raises(UnsafeOutput, match=r"report\.json is a link"):
        read_json_output(report(tmp_path))


def test_a_linked_folder_on_the_way_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "reference"
    elsewhere.mkdir()
    (elsewhere / "report.json").write_text("{}")
    (tmp_path / ".openclaw").mkdir()
    (tmp_path / ".openclaw" / "output").symlink_to(elsewhere)
    with pytest.raises(UnsafeOutput, match=r"\.openclaw/output is a link"):
        read_output(report(tmp_path))


def test_a_hard_link_is_refused(tmp_path: Path) -> None:
    original = tmp_path / "original.json"
    original.write_text("{}")
    os.link(original, output_dir(tmp_path) / "report.json")
    with pytest.raises(UnsafeOutput, match="has 2 hard links"):
        read_output(report(tmp_path))


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(output_dir(tmp_path) / "report.json")
    with pytest.raises(UnsafeOutput, match="not a regular file"):
        read_output(report(tmp_path))


def test_a_file_of_another_user_is_refused(tmp_path: Path) -> None:
    if os.getuid() != 0:
        pytest.skip("needs root to give a file away")
    target = output_dir(tmp_path) / "report.json"
    target.write_text("{}")
    os.chown(target, 4321, 4321)
    with pytest.raises(UnsafeOutput, match="owned by uid 4321, not the agent's uid 0"):
        read_output(report(tmp_path))


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    (output_dir(tmp_path) / "big.txt").write_bytes(b"x" * 2048)
    target = tmp_path / ".openclaw" / "output" / "big.txt"
    with pytest.raises(UnsafeOutput, match="2048 bytes; at most 1024 are read"):
        open_output(target, max_bytes=1024)
    assert open_output(target, max_bytes=4096).size == 2048


def test_a_regular_file_of_the_agent_is_read_once(tmp_path: Path) -> None:
    (output_dir(tmp_path) / "r.txt").write_text("héllo")
    found = require_output(output_dir(tmp_path) / "r.txt")
    assert (found.text(), found.size, found.path.name) == ("héllo", 6, "r.txt")


def test_an_agent_user_given_as_a_number_needs_no_passwd_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The local runner's agent on a host without ``node`` is a bare uid (65534)."""
    monkeypatch.setenv("MOCK_AGENT_USER", "4321")
    assert outputs.agent_uid() == 4321
    monkeypatch.setenv("MOCK_AGENT_USER", "no-such-user-here")
    with pytest.raises(UnsafeOutput, match="no-such-user-here: no such user"):
        outputs.agent_uid()
