"""The canonical dataset format: the sample loads, the committed JSON Schemas are the models',
and every validation error names the file, line, record id and field."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from taskkit.dataset.load import DatasetError, load_dataset
from taskkit.dataset.schema import SCHEMA_DIR, schema_texts
from tests.dataset.conftest import SAMPLE


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in (path / "records.jsonl").read_text().splitlines()]


def _write_records(path: Path, records: list[dict]) -> None:
    (path / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))


def test_the_sample_dataset_has_ten_records_of_three_types_with_documents() -> None:
    dataset = load_dataset(SAMPLE)
    assert len(dataset.records) >= 10
    assert len({r.task_type for r in dataset.records}) >= 3
    assert all(dataset.document(r) for r in dataset.records)
    assert all(len(text.split()) >= 700 for text in dataset.documents.values())
    assert dataset.digest.startswith("sha256:")


def test_committed_schemas_are_written_from_the_models() -> None:
    for name, text in schema_texts().items():
        assert (SCHEMA_DIR / name).read_text() == text, "run python -m taskkit dataset-schema"


def test_every_sample_record_satisfies_the_record_schema() -> None:
    schema = json.loads((SCHEMA_DIR / "record.schema.json").read_text())
    manifest_schema = json.loads((SCHEMA_DIR / "dataset.schema.json").read_text())
    jsonschema.validate(json.loads((SAMPLE / "dataset.json").read_text()), manifest_schema)
    for record in _records(SAMPLE):
        jsonschema.validate(record, schema)


def test_errors_name_file_line_record_and_field(dataset_copy: Path) -> None:
    records = _records(dataset_copy)
    records[1]["task_type"] = "poetry"
    records[2]["rubric"]["criteria"][0]["question"] = "nope"
    records[3]["questions"][0]["answer_type"] = "colour"
    records[4]["id"] = records[0]["id"]
    _write_records(dataset_copy, records)
    with (dataset_copy / "records.jsonl").open("a") as handle:
        handle.write("{not json\n")
    with pytest.raises(DatasetError) as caught:
        load_dataset(dataset_copy)
    found = {(p.line, p.record, p.field) for p in caught.value.problems}
    assert (2, records[1]["id"], "task_type") in found
    assert any(
        p.line == 3 and p.record == records[2]["id"] and "question 'nope'" in p.message
        for p in caught.value.problems
    )
    assert (4, records[3]["id"], "questions[0].answer_type") in found
    assert (5, records[0]["id"], "id") in found
    assert (len(records) + 1, None, "(line)") in found
    text = str(caught.value)
    assert f"records.jsonl:2: record {records[1]['id']!r} task_type:" in text


def test_a_judge_reference_answer_must_state_its_facts(dataset_copy: Path) -> None:
    records = _records(dataset_copy)
    judged = next(r for r in records if any(c["check"] == "judge" for c in r["rubric"]["criteria"]))
    criterion = next(c for c in judged["rubric"]["criteria"] if c["check"] == "judge")
    criterion["facts"].append("a fact nobody states")
    _write_records(dataset_copy, records)
    with pytest.raises(DatasetError, match="does not state the fact"):
        load_dataset(dataset_copy)


def test_a_bad_manifest_names_its_field(dataset_copy: Path) -> None:
    manifest = json.loads((dataset_copy / "dataset.json").read_text())
    manifest["judge"]["host"] = "https://api.example.com/v1"
    (dataset_copy / "dataset.json").write_text(json.dumps(manifest))
    with pytest.raises(DatasetError, match=r"dataset.json: judge.host: expected a host name"):
        load_dataset(dataset_copy)
