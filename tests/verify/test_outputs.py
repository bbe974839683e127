"""Output files are found in both OpenClaw workspace locations (seed 000, Option A)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mock_services.verify import find_output, read_json_output, require_output


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
    assert find_output("output/r.txt", home=tmp_path).read_text() == ".openclaw"


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
