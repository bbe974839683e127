"""Reading a dataset folder: the manifest, the records and their documents, with errors that
name the file, line, record id and field, and the dataset's content digest.

Every file is read inside the dataset folder (symlinks followed) and within
``taskkit.untrusted``'s limits. A record over a limit (or whose document is outside the folder or
over a limit) is refused by name into ``Dataset.refused`` and the others load; any other
problem stops the load."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from taskkit import untrusted
from taskkit.dataset.model import DatasetManifest, Record

MANIFEST = "dataset.json"
RECORDS = "records.jsonl"
DOCUMENTS = "documents"
DATASET_FOLDER = "the dataset's folder"
DIGEST_CHUNK = 1 << 20


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
    refused: list[Problem] = field(default_factory=list)  # records over a limit, not loaded

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


def _inside(root: Path, name: str) -> Path:
    """``root / name`` confined to the dataset folder; ``DatasetError`` otherwise."""
    try:
        return untrusted.confined(root, name, DATASET_FOLDER)
    except untrusted.Refused as exc:
        raise DatasetError([Problem(name, None, None, "(file)", str(exc))]) from None


def load_manifest(root: Path) -> DatasetManifest:
    path = _inside(root, MANIFEST)
    if not path.exists():
        raise DatasetError([Problem(MANIFEST, None, None, "(file)", f"missing in {root}")])
    try:
        raw = untrusted.load_json(untrusted.read_text(path))
        return DatasetManifest.model_validate(raw)
    except untrusted.Refused as exc:
        raise DatasetError([Problem(MANIFEST, None, None, "(file)", str(exc))]) from None
    except ValidationError as exc:
        raise DatasetError(_validation_problems(exc, MANIFEST, None, None)) from None
    except ValueError as exc:
        raise DatasetError([Problem(MANIFEST, None, None, "(file)", f"not JSON: {exc}")]) from None


@dataclass
class ParsedRecords:
    """``records.jsonl`` read: the records, the problems that stop the load, the refusals."""

    records: list[Record] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    refused: list[Problem] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict)  # record id -> its first line


def parse_records(
    lines: Iterable[str | untrusted.Refused], manifest: DatasetManifest
) -> ParsedRecords:
    """Each line's record; a line over a limit is refused, any other problem is collected."""
    parsed = ParsedRecords()
    for number, line in enumerate(lines, 1):
        if isinstance(line, untrusted.Refused):
            parsed.refused.append(Problem(RECORDS, number, None, "(line)", str(line)))
            continue
        if not line.strip():
            continue
        deadline = untrusted.Deadline()
        try:
            raw = untrusted.load_json(line)
        except untrusted.Refused as exc:
            parsed.refused.append(Problem(RECORDS, number, None, "(line)", str(exc)))
            continue
        except ValueError as exc:
            message = f"not JSON: {getattr(exc, 'msg', exc)}"
            parsed.problems.append(Problem(RECORDS, number, None, "(line)", message))
            continue
        record_id = raw.get("id") if isinstance(raw, dict) else None
        record_id = record_id if isinstance(record_id, str) else None
        try:
            record = Record.model_validate(raw)
            deadline.check("validating the record")
        except untrusted.Refused as exc:
            parsed.refused.append(Problem(RECORDS, number, record_id, "(record)", str(exc)))
            continue
        except ValidationError as exc:
            parsed.problems += _validation_problems(exc, RECORDS, number, record_id)
            continue
        if record.task_type not in manifest.task_types:
            parsed.problems.append(
                Problem(
                    RECORDS,
                    number,
                    record.id,
                    "task_type",
                    f"{record.task_type!r} is not one of {sorted(manifest.task_types)} "
                    f"({MANIFEST} task_types)",
                )
            )
        if record.id in parsed.lines:
            parsed.problems.append(
                Problem(
                    RECORDS, number, record.id, "id", f"also used on line {parsed.lines[record.id]}"
                )
            )
        parsed.lines.setdefault(record.id, number)
        parsed.records.append(record)
    return parsed


def _documents(root: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The documents' texts by file name, and why each one that cannot be read was refused."""
    folder = root / DOCUMENTS
    texts: dict[str, str] = {}
    refused: dict[str, str] = {}
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        if not path.is_file():
            continue
        name = f"{DOCUMENTS}/{path.name}"
        try:
            texts[path.name] = untrusted.read_text(untrusted.confined(root, name, DATASET_FOLDER))
        except untrusted.Refused as exc:
            refused[path.name] = f"{name}: {exc}"
    return texts, refused


def digest(root: Path, names: list[str]) -> str:
    """sha256 over the manifest, the records and every document, by name in sorted order."""
    hasher = hashlib.sha256()
    for name in sorted(names):
        path = root / name
        hasher.update(f"{name}\0{path.stat().st_size}\0".encode())
        with path.open("rb") as handle:
            while chunk := handle.read(DIGEST_CHUNK):
                hasher.update(chunk)
    return "sha256:" + hasher.hexdigest()


def load_dataset(root: Path) -> Dataset:
    """The dataset at ``root``; ``DatasetError`` lists every problem of its files, and a record
    over a limit is refused into ``Dataset.refused``."""
    root = root.resolve()
    manifest = load_manifest(root)
    path = _inside(root, RECORDS)
    if not path.is_file():
        raise DatasetError([Problem(RECORDS, None, None, "(file)", f"missing in {root}")])
    parsed = parse_records(untrusted.read_lines(path), manifest)
    documents, unreadable = _documents(root)
    records = [r for r in parsed.records if r.document not in unreadable]
    refused = parsed.refused + [
        Problem(RECORDS, parsed.lines[r.id], r.id, "document", unreadable[r.document])
        for r in parsed.records
        if r.document in unreadable
    ]
    if not records and not parsed.problems and not refused:
        parsed.problems.append(Problem(RECORDS, None, None, "(file)", "holds no records"))
    if parsed.problems or not records:
        raise DatasetError(parsed.problems + refused)
    names = [MANIFEST, RECORDS, *(f"{DOCUMENTS}/{name}" for name in documents)]
    return Dataset(root, manifest, records, digest(root, names), documents, refused)
