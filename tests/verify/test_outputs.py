"""Output files are found in both OpenClaw workspace locations (seed 000, Option A)."""

from __future__ import annotations

import os
import pwd
from pathlib import Path

import pytest

from mock_services.verify import (
    UnsafeOutput,
    find_output,
    read_json_output,
    read_output,
    require_output,
)
from mock_services.verify.outputs import open_output


@pytest.mark.parametrize("root", [".openclaw", ".openclaw/workspace"])
def test_either_workspace_location(tmp_path: Path, root: str) -> None:
    target = tmp_path / root / "output" / "result.json"
    target.parent.mkdir(parents=True)
    target.write_text('{"answer": 42}')
    assert find_output("output/result.json", home=tmp_path) == target
    assert read_json_output("output/result.json", home=tmp_path) == {"answer": 42}


def test_the_first_location_wins(tmp_path: Path) -> None:
    for root in (".openclaw", ".openclaw/workspace"):
        (tmp_path / root / "output").mkdir(parents=True)
        (tmp_path / root / "output" / "r.txt").write_text(root)
    assert require_output("output/r.txt", home=tmp_path).text() == ".openclaw"


def test_profile_workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENCLAW_PROFILE", "dev")
    target = tmp_path / ".openclaw" / "workspace-dev" / "out.md"
    target.parent.mkdir(parents=True)
    target.write_text("x")
    assert find_output("out.md", home=tmp_path) == target


def test_missing_output_lists_every_place_looked(tmp_path: Path) -> None:
    assert find_output("output/none.json", home=tmp_path) is None
    with pytest.raises(FileNotFoundError) as caught:
        require_output("output/none.json", home=tmp_path)
    message = str(caught.value)
    assert f"{tmp_path}/.openclaw/output/none.json" in message
    assert f"{tmp_path}/.openclaw/workspace/output/none.json" in message


def test_invalid_json_names_the_file(tmp_path: Path) -> None:
    target = tmp_path / ".openclaw" / "output" / "r.json"
    target.parent.mkdir(parents=True)
    target.write_text("{nope")
    with pytest.raises(ValueError, match=r"r\.json: not valid JSON"):
        read_json_output("output/r.json", home=tmp_path)


# --- the agent's outputs are untrusted input -----------------------------------------------


@pytest.fixture(autouse=True)
def agent_is_this_user(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MOCK_AGENT_USER", pwd.getpwuid(os.getuid()).pw_name)


def output_dir(home: Path) -> Path:
    directory = home / ".openclaw" / "output"
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def test_a_link_to_the_reference_answer_is_refused(tmp_path: Path) -> None:
    """The verifier uploads the reference later; a link to it must not read as the output."""
    reference = tmp_path / "tests" / "reference" / "expected.json"
    reference.parent.mkdir(parents=True)
    reference.write_text('{"total": 1234.5}')
    (output_dir(tmp_path) / "report.json").symlink_to(reference)
    with pytest.raises(UnsafeOutput, match=r"report\.json is a link"):
        read_json_output("output/report.json", home=tmp_path)
    with pytest.raises(UnsafeOutput):
        find_output("output/report.json", home=tmp_path)


def test_a_linked_folder_on_the_way_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "reference"
    elsewhere.mkdir()
    (elsewhere / "report.json").write_text("{}")
    (tmp_path / ".openclaw").mkdir()
    (tmp_path / ".openclaw" / "output").symlink_to(elsewhere)
    with pytest.raises(UnsafeOutput, match=r"\.openclaw/output is a link"):
        read_output("output/report.json", home=tmp_path)


def test_a_hard_link_is_refused(tmp_path: Path) -> None:
    original = tmp_path / "original.json"
    original.write_text("{}")
    os.link(original, output_dir(tmp_path) / "report.json")
    with pytest.raises(UnsafeOutput, match="has 2 hard links"):
        read_output("output/report.json", home=tmp_path)


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(output_dir(tmp_path) / "report.json")
    with pytest.raises(UnsafeOutput, match="not a regular file"):
        read_output("output/report.json", home=tmp_path)


def test_a_file_of_another_user_is_refused(tmp_path: Path) -> None:
    if os.getuid() != 0:
        pytest.skip("needs root to give a file away")
    target = output_dir(tmp_path) / "report.json"
    target.write_text("{}")
    os.chown(target, 4321, 4321)
    with pytest.raises(UnsafeOutput, match="owned by uid 4321, not the agent's uid 0"):
        read_output("output/report.json", home=tmp_path)


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    (output_dir(tmp_path) / "big.txt").write_bytes(b"x" * 2048)
    target = tmp_path / ".openclaw" / "output" / "big.txt"
    with pytest.raises(UnsafeOutput, match="2048 bytes; at most 1024 are read"):
        open_output(target, max_bytes=1024)
    assert open_output(target, max_bytes=4096).size == 2048


def test_a_regular_file_of_the_agent_is_read_once(tmp_path: Path) -> None:
    (output_dir(tmp_path) / "r.txt").write_text("héllo")
    found = require_output("output/r.txt", home=tmp_path)
    assert (found.text(), found.size, found.path.name) == ("héllo", 6, "r.txt")
