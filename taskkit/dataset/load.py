"""Reading a dataset folder: the manifest, the records and their documents, with errors that
name the file, line, record id and field, and the dataset's content digest."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from taskkit.dataset.model import DatasetManifest, Record

MANIFEST = "dataset.json"
RECORDS = "records.jsonl"
DOCUMENTS = "documents"


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    record: str | None
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        who = f" record {self.record!r}" if self.record else ""
        return f"{where}:{who} {self.field}: {self.message}"


class DatasetError(ValueError):
    """A dataset that does not load; ``problems`` lists every one found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass
class Dataset:
    root: Path
    manifest: DatasetManifest
    records: list[Record]
    digest: str
    documents: dict[str, str] = field(default_factory=dict)  # file name -> text

    def document(self, record: Record) -> str | None:
        return self.documents.get(record.document)


def _field(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(record)"


def _validation_problems(
    exc: ValidationError, file: str, line: int | None, record: str | None
) -> list[Problem]:
    problems = []
    for error in exc.errors(include_url=False):
        got = "" if error["type"] == "missing" else f"; got {error['input']!r:.60}"
        message = error["msg"].removeprefix("Value error, ") + got
        problems.append(Problem(file, line, record, _field(error["loc"]), message))
    return problems


def load_manifest(root: Path) -> DatasetManifest:
    path = root / MANIFEST
    try:
        return DatasetManifest.model_validate_json(path.read_bytes())
    except FileNotFoundError:
        raise DatasetError(
            [Problem(MANIFEST, None, None, "(file)", f"missing in {root}")]
        ) from None
    except ValidationError as exc:
        raise DatasetError(_validation_problems(exc, MANIFEST, None, None)) from None


def parse_records(text: str, manifest: DatasetManifest) -> tuple[list[Record], list[Problem]]:
    records: list[Record] = []
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(Problem(RECORDS, number, None, "(line)", f"not JSON: {exc.msg}"))
            continue
        record_id = raw.get("id") if isinstance(raw, dict) else None
        record_id = record_id if isinstance(record_id, str) else None
        try:
            record = Record.model_validate(raw)
        except ValidationError as exc:
            problems += _validation_problems(exc, RECORDS, number, record_id)
            continue
        if record.task_type not in manifest.task_types:
            problems.append(
                Problem(
                    RECORDS,
                    number,
                    record.id,
                    "task_type",
                    f"{record.task_type!r} is not one of {sorted(manifest.task_types)} "
                    f"({MANIFEST} task_types)",
                )
            )
        if record.id in seen:
            problems.append(
                Problem(RECORDS, number, record.id, "id", f"also used on line {seen[record.id]}")
            )
        seen.setdefault(record.id, number)
        records.append(record)
    return records, problems


def digest(root: Path, names: list[str]) -> str:
    """sha256 over the manifest, the records and every document, by name in sorted order."""
    hasher = hashlib.sha256()
    for name in sorted(names):
        path = root / name
        hasher.update(f"{name}\0{path.stat().st_size}\0".encode())
        hasher.update(path.read_bytes())
    return "sha256:" + hasher.hexdigest()


def load_dataset(root: Path) -> Dataset:
    """The dataset at ``root``; ``DatasetError`` lists every problem of its files."""
    root = root.resolve()
    manifest = load_manifest(root)
    try:
        text = (root / RECORDS).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DatasetError([Problem(RECORDS, None, None, "(file)", f"missing in {root}")]) from None
    records, problems = parse_records(text, manifest)
    if not records and not problems:
        problems.append(Problem(RECORDS, None, None, "(file)", "holds no records"))
    if problems:
        raise DatasetError(problems)
    folder = root / DOCUMENTS
    files = sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []
    documents = {p.name: p.read_text(encoding="utf-8") for p in files}
    names = [MANIFEST, RECORDS, *(f"{DOCUMENTS}/{p.name}" for p in files)]
    return Dataset(root, manifest, records, digest(root, names), documents)
