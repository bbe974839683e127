"""The written task directories: golden copies per adapter, byte-identical re-imports, the
validator's verdict, provenance in every task and in the manifest, and the command's exit codes
(claw-eval's seed, tools and licence: test_claw_eval.py)."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest

from taskkit.cli import main
from taskkit.validate import validate
from tests.importers.conftest import FIXTURES, SOURCES, import_fixture

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"  # rewrite the golden copies from this code
GOLDEN_TASKS = {
    "claw-eval": "T029zh_cross_service_meeting",
    "wild-claw-bench": "04_Search_Retrieval_task_5_fuzzy_search",
    "webarena": "173",
    "mind2web": "b7258ee05d75e6c50673a59914db412e_110325",
    "webvoyager": "Allrecipes--0",
    "clawbench": "v2-47",
}


def _tree(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mode & 0o777)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.mark.parametrize("source", SOURCES)
def test_golden_task_directory(source: str, tmp_path: Path) -> None:
    result = import_fixture(source, tmp_path, only=[GOLDEN_TASKS[source]])
    (task,) = result.tasks
    written = tmp_path / "tasks" / task.id
    golden = GOLDEN / task.id
    if UPDATE:
        for relative, (data, mode) in _tree(written).items():
            (golden / relative).parent.mkdir(parents=True, exist_ok=True)
            (golden / relative).write_bytes(data)
            (golden / relative).chmod(mode)
    assert _tree(written) == _tree(golden)


@pytest.mark.parametrize("source", SOURCES)
def test_importing_twice_writes_the_same_bytes(source: str, tmp_path: Path) -> None:
    import_fixture(source, tmp_path / "one")
    import_fixture(source, tmp_path / "two")
    one, two = _tree(tmp_path / "one"), _tree(tmp_path / "two")
    assert one == two and len(one) > 5


def test_importing_a_source_again_into_a_shared_folder_changes_nothing(tmp_path: Path) -> None:
    """Each task keeps its case id, whatever else the folder holds (an outsider found every
    case id renumbered)."""
    out = tmp_path / "out"
    import_fixture("wild-claw-bench", out)
    import_fixture("mind2web", out)
    before = _tree(out)
    import_fixture("wild-claw-bench", out)
    assert _tree(out) == before


@pytest.mark.parametrize("source", SOURCES)
def test_every_written_task_validates(source: str, imported) -> None:
    out, result = imported[source]
    report = validate(out)
    assert [f for f in report.findings if f.severity == "error"] == []
    assert [f.rule for f in report.findings] == []
    assert len(list((out / "tasks").iterdir())) == len(result.tasks)


@pytest.mark.parametrize("source", SOURCES)
def test_provenance_in_every_task_and_in_the_manifest(source: str, imported) -> None:
    out, result = imported[source]
    manifest = json.loads((out / "import-manifest.json").read_text())["sources"][source]
    assert len(manifest["upstream_commit"]) == 40
    assert manifest["upstream_records"] == result.log.records
    assert [t["id"] for t in manifest["tasks"]] == [t.id for t in result.tasks]
    assert {t["id"] for t in manifest["not_runnable_here"]} == {t.id for t in result.not_runnable}
    for task in result.tasks:
        config = tomllib.loads((out / "tasks" / task.id / "task.toml").read_text())
        provenance = config["metadata"]["imported"]
        assert provenance["source"] == source
        assert provenance["source_id"] == task.provenance.source_id
        assert provenance["upstream_commit"] == manifest["upstream_commit"]
        assert provenance["license"] == manifest["license"]


def test_import_command_closing_table_and_exit_codes(tmp_path: Path, capsys, fixture_copy) -> None:
    assert (
        main(
            [
                "import",
                "--source",
                f"webvoyager:{FIXTURES / 'webvoyager'}",
                "--out",
                str(tmp_path / "a"),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    for line in (
        "upstream records           16",
        "imported                   16",
        "refused                     0",
        "unaccounted                 0",
    ):
        assert line in out, f"expected {line!r} in the closing table:\n" + "\n".join(out)
    folder = fixture_copy("webvoyager")
    with (folder / "WebVoyager_data.sample16.jsonl").open("a") as handle:
        handle.write("{broken\n")
    assert main(["import", "--source", f"webvoyager:{folder}", "--out", str(tmp_path / "b")]) == 1
    table = capsys.readouterr().out
    assert "upstream records           17" in table and "refused                     1" in table
    strict = [
        "import",
        "--source",
        f"webvoyager:{FIXTURES / 'webvoyager'}",
        "--out",
        str(tmp_path / "c"),
        "--strict",
    ]
    assert main(strict) == 1  # every site task's judge lacks upstream's screenshots: lossy
    table = capsys.readouterr().out
    assert "(strict): --strict: lossy warnings on screenshots" in table, table
    unknown = [
        "import",
        "--source",
        f"webvoyager:{FIXTURES / 'webvoyager'}",
        "--out",
        str(tmp_path / "d"),
        "--tasks",
        "Nope--1",
    ]
    assert main(unknown) == 2


def test_sources_and_cases_commands(capsys) -> None:
    assert main(["sources"]) == 0
    listing = capsys.readouterr().out
    for source in SOURCES:
        assert source in listing
    assert "unverified" in listing
    assert main(["cases", "--source", f"claw-eval:{FIXTURES / 'claw-eval'}"]) == 0
    cases = capsys.readouterr().out
    assert "T002_email_triage" in cases and "Email Triage" in cases
    assert "T105zh_job_failure_triage" in cases and "(not runnable here)" in cases
    assert "12 importable task(s), 0 refused" in cases
