"""A dataset written by an adversary: a record over a limit (deep JSON, an oversized line, a
document outside the folder) is refused by file, line and limit while the others build; a
manifest or environment file outside the folder stops the build with its name."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from taskkit import untrusted
from taskkit.dataset.build import build_dataset
from taskkit.dataset.instruction import BuildError
from taskkit.dataset.load import DatasetError, load_dataset
from taskkit.dataset.task_files import BuildOptions
from tests.dataset.conftest import ROOT

# untrusted input from an agent or an upstream record: counted with the attacks
pytestmark = pytest.mark.attack

SECRET = "SECRET-91c2-not-for-a-build"
SAMPLE_RECORDS = 13
LOOSE_SECONDS = 20.0  # a guard only: each refusal is asserted by its reason


def _append_lines(dataset: Path, *lines: str) -> None:
    with (dataset / "records.jsonl").open("a") as handle:
        handle.writelines(line + "\n" for line in lines)


def _secret_file(tmp_path: Path) -> Path:
    secret = tmp_path / "home" / "notes.md"
    secret.parent.mkdir(parents=True)
    secret.write_text(f"{SECRET}\n")
    return secret


def _built_text(out: Path) -> str:
    return "\n".join(p.read_text(errors="replace") for p in out.rglob("*") if p.is_file())


def test_records_over_a_limit_are_refused_by_line_and_the_others_build(
    dataset_copy: Path, tmp_path: Path
) -> None:
    _append_lines(
        dataset_copy,
        "[" * 100 + "]" * 100,  # parses, then refused by depth
        "[" * 200_000 + "]" * 200_000,  # too deep for json to parse
        '{"id": "' + "x" * untrusted.MAX_FILE_BYTES + '"}',
    )
    started = time.monotonic()
    manifest = build_dataset(dataset_copy, tmp_path / "out")
    assert time.monotonic() - started < LOOSE_SECONDS
    assert len(manifest.tasks) == SAMPLE_RECORDS
    depth = "(line): JSON nesting: over the limit MAX_DEPTH = 64"
    assert manifest.refused == [
        f"records.jsonl:14: {depth}",
        f"records.jsonl:15: {depth}",
        "records.jsonl:16: (line): line size: over the limit MAX_FILE_BYTES = 16,777,216 bytes",
    ]
    written = json.loads((tmp_path / "out" / "office-documents-build.json").read_text())
    assert written["refused"] == manifest.refused


def test_a_record_whose_document_links_out_of_the_dataset_is_refused(
    dataset_copy: Path, tmp_path: Path
) -> None:
    secret = _secret_file(tmp_path)
    (dataset_copy / "documents" / "notes.md").symlink_to(secret)
    records = [json.loads(line) for line in (dataset_copy / "records.jsonl").open()]
    records[0]["document"] = "notes.md"
    (dataset_copy / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    out = tmp_path / "out"
    manifest = build_dataset(dataset_copy, out)
    [refusal] = manifest.refused
    assert refusal.startswith(f"records.jsonl:1: record {records[0]['id']!r} document: ")
    assert f"documents/notes.md resolves to {secret}" in refusal
    assert f"must stay inside the dataset's folder {dataset_copy.resolve()}" in refusal
    assert len(manifest.tasks) == SAMPLE_RECORDS - 1 and records[0]["id"] not in manifest.tasks
    assert SECRET not in _built_text(out)


def test_a_dataset_whose_every_record_is_refused_does_not_load(dataset_copy: Path) -> None:
    (dataset_copy / "records.jsonl").write_text("[" * 100 + "]" * 100 + "\n")
    with pytest.raises(DatasetError, match=r"records.jsonl:1: \(line\): JSON nesting"):
        load_dataset(dataset_copy)


def test_a_manifest_outside_the_dataset_folder_is_named(dataset_copy: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "home" / "dataset.json"
    elsewhere.parent.mkdir(parents=True)
    (dataset_copy / "dataset.json").rename(elsewhere)
    (dataset_copy / "dataset.json").symlink_to(elsewhere)
    with pytest.raises(DatasetError, match=r"dataset.json: \(file\): dataset.json resolves to"):
        load_dataset(dataset_copy)


def test_a_deeply_nested_manifest_is_refused_by_its_limit(dataset_copy: Path) -> None:
    (dataset_copy / "dataset.json").write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(DatasetError, match="over the limit MAX_DEPTH = 64"):
        load_dataset(dataset_copy)


def test_an_environment_file_linking_out_stops_a_dockerfile_build(
    dataset_copy: Path, tmp_path: Path
) -> None:
    environment = dataset_copy / "environment"
    environment.mkdir()
    (environment / "Dockerfile").write_text("FROM debian:bookworm\nCOPY . /opt/\n")
    (environment / "notes.md").symlink_to(_secret_file(tmp_path))
    out = tmp_path / "out"
    with pytest.raises(BuildError, match=r"notes\.md resolves to .*must stay inside the dataset's"):
        build_dataset(dataset_copy, out, options=BuildOptions(dockerfile=True))
    assert not out.exists()


@pytest.mark.process  # runs a subprocess
def test_the_command_line_reports_refused_records_and_exits_1(
    dataset_copy: Path, tmp_path: Path
) -> None:
    _append_lines(dataset_copy, "[" * 100 + "]" * 100)
    command = [sys.executable, "-m", "taskkit", "build-dataset", str(dataset_copy)]
    done = subprocess.run(
        [*command, "--out", str(tmp_path / "out"), "--task-ids", "lease-key-terms"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "refused: records.jsonl:14: (line): JSON nesting" in done.stderr
    assert (tmp_path / "out" / "lease-key-terms" / "task.toml").is_file()
