"""What every import shares, on an adapter of our own: upstream records = imported + refused,
--strict leaves out only tasks with a lossy warning, a reused id is refused instead of
overwriting, the manifest adds imports up, wrong solutions are written and run, and
``registry --check`` names duplicates."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from taskkit import registries
from taskkit.importers.cli import closing_table, run_import
from taskkit.importers.manifest import MANIFEST, ManifestError
from taskkit.importers.sources import SourceError
from taskkit.validate import validate
from tests.importers.fake_source import SOURCE, install


@pytest.fixture
def adapter(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    return install(monkeypatch, tmp_path)


RECORDS = [
    {"id": "1"},
    {"id": "2", "warn": ["informational"]},
    {"id": "3", "warn": ["lossy", "informational"]},
    {"id": "4", "refuse": True},
    {"id": "5", "site": "needs the live site example.com"},
    {"id": "6", "task": "m-1"},
]


def test_every_record_is_imported_or_refused_and_the_table_adds_up(adapter, tmp_path) -> None:
    result = run_import(adapter(RECORDS), tmp_path / "out")
    assert result.log.records == 6
    assert [t.id for t in result.tasks] == ["m-1", "m-2", "m-3", "m-5"]
    assert [t.id for t in result.not_runnable] == ["m-5"]
    refused = {r.record: (r.field, r.message) for r in result.log.refusals}
    assert refused["4"] == ("question", "missing: expected a question")
    assert refused["6"][0] == "id" and "already that of records.json#1" in refused["6"][1]
    assert result.unaccounted == 0
    table = closing_table(result)
    expected = [
        ("upstream records", 6),
        ("imported", 4),
        ("  not runnable here", 1),
        ("refused", 2),
        ("unaccounted", 0),
        ("lossy warnings", 1),
    ]
    for label, count in expected:
        line = f"{label:<22} {count:>6}"
        assert line in table.splitlines(), f"expected {line!r} in:\n{table}"
    assert "needs the live site example.com" in table
    # the not-runnable task is written, and says why in its task.toml
    toml = (tmp_path / "out/tasks/m-5/task.toml").read_text()
    assert 'not_runnable = "needs the live site example.com"' in toml


def test_strict_leaves_out_only_the_tasks_with_a_lossy_warning(adapter, tmp_path) -> None:
    result = run_import(adapter(RECORDS), tmp_path / "out", strict=True)
    assert [t.id for t in result.tasks] == ["m-1", "m-2", "m-5"]
    strict = [r for r in result.log.refusals if r.field == "(strict)"]
    assert [(r.record, r.message) for r in strict] == [
        ("3", "--strict: lossy warnings on lossy-field")
    ]
    assert not (tmp_path / "out/tasks/m-3").exists()


def test_a_source_with_no_records_is_an_error_naming_the_source(adapter, tmp_path) -> None:
    with pytest.raises(SourceError, match="no mind2web records found there"):
        run_import(adapter([]), tmp_path / "out")


def test_the_manifest_adds_up_imports_into_one_folder(adapter, tmp_path) -> None:
    out = tmp_path / "out"
    source = adapter(RECORDS)
    run_import(source, out, only=["1"])
    run_import(source, out, only=["2"])
    section = json.loads((out / MANIFEST).read_text())["sources"][SOURCE]
    assert [t["id"] for t in section["tasks"]] == ["m-1", "m-2"]
    warned = [(w["task"], w["field"], w["kind"]) for w in section["warnings"]]
    assert ("m-2", "informational-field", "informational") in warned
    assert {w[0] for w in warned} == {"m-1", "m-2"}  # the licence: informational on each
    run_import(source, out)  # the whole source replaces its section
    section = json.loads((out / MANIFEST).read_text())["sources"][SOURCE]
    assert [t["id"] for t in section["tasks"]] == ["m-1", "m-2", "m-3", "m-5"]
    assert section["upstream_records"] == 6 and len(section["refused"]) == 2
    (out / MANIFEST).write_text('{"sources": {"x": 1}}')
    with pytest.raises(ManifestError, match=f"{out / MANIFEST}: not an import manifest"):
        run_import(source, out)


def test_wrong_solutions_are_written_as_agents(adapter, tmp_path) -> None:
    run_import(adapter(RECORDS[:1]), tmp_path / "out")
    wrong = tmp_path / "out/tasks/m-1/wrong"
    assert sorted(p.name for p in wrong.iterdir()) == ["off-by-one.sh", "silent.sh"]
    script = (wrong / "off-by-one.sh").read_text()
    assert '"answer": "41"' in script and (wrong / "off-by-one.sh").stat().st_mode & 0o111
    oracle = json.loads((tmp_path / "out/tasks/m-1/solution/oracle.json").read_text())
    assert oracle == {"calls": [], "files": {}, "answer": "42", "final_url": ""}


def test_registry_check_names_duplicate_names(adapter, tmp_path) -> None:
    out = tmp_path / "out"
    run_import(adapter(RECORDS[:2]), out)
    assert registries.check(out) == []
    toml = out / "tasks/m-2/task.toml"
    text = toml.read_text().replace('name = "mind2web/m-2"', 'name = "mind2web/m-1"')
    toml.write_text(text.replace('source_id = "2"', 'source_id = "1"'))
    found = [(m.file, m.task, m.message) for m in registries.check(out)]
    assert ("tasks/", "m-1", "[task].name 'mind2web/m-1' also held by m-2") in found
    assert ("tasks/", "m-1", "imported source_id 'mind2web/1' also held by m-2") in found


def test_input_files_reach_the_workspace_through_the_image(adapter, tmp_path) -> None:
    source = adapter([{"id": "1", "inputs": ["fixtures/test.db", "notes.txt"]}])
    upstream = tmp_path / "upstream"
    (upstream / "fixtures").mkdir(parents=True)
    (upstream / "fixtures/test.db").write_bytes(b"SQLite format 3\x00" + bytes(range(256)))
    (upstream / "notes.txt").write_text("read me")
    out = tmp_path / "out"
    run_import(source, out)
    task = out / "tasks/m-1"
    copied = task / "environment/workspace/fixtures/test.db"
    assert copied.read_bytes() == (upstream / "fixtures/test.db").read_bytes()
    assert "COPY workspace/ /workspace/" in (task / "environment/Dockerfile").read_text()
    instruction = task / "instruction.md"
    instruction.write_text(instruction.read_text() + "\nRepair /workspace/fixtures/test.db.\n")
    findings = validate(out, [task]).findings
    assert [f for f in findings if f.rule == "mock-data-path"] == []
    (task / "environment/Dockerfile").write_text(
        (task / "environment/Dockerfile").read_text().replace("COPY workspace/ /workspace/", "")
    )
    findings = validate(out, [task]).findings
    assert [f.rule for f in findings if f.rule == "mock-data-path"] == ["mock-data-path"]


def test_asking_for_a_refused_record_says_why_it_was_refused(adapter, tmp_path) -> None:
    with pytest.raises(SourceError, match=r"4 \(refused: question: missing: expected a question\)"):
        run_import(adapter(RECORDS), tmp_path / "out", only=["4"])


def test_every_input_file_is_listed_with_its_size_and_digest(adapter, tmp_path) -> None:
    source = adapter([{"id": "1", "inputs": ["notes.txt"]}, {"id": "2"}])
    (tmp_path / "upstream" / "notes.txt").write_text("read me")  # the source's folder
    out = tmp_path / "out"
    run_import(source, out)
    digest = hashlib.sha256(b"read me").hexdigest()
    readme = (out / "tasks/m-1/README.md").read_text()
    assert f"| `notes.txt` | 7 | `{digest}` |" in readme
    assert "as upstream gives them" in readme  # no inputs_source: the pinned commit's own
    assert "## Input files" not in (out / "tasks/m-2/README.md").read_text()
    manifest = json.loads((out / MANIFEST).read_text())
    entries = {e["id"]: e for e in manifest["sources"]["mind2web"]["tasks"]}
    assert entries["m-1"]["inputs"] == [{"path": "notes.txt", "bytes": 7, "sha256": digest}]
    assert "inputs_source" not in entries["m-1"] and "inputs" not in entries["m-2"]
