"""What every adapter shares: the pins file, ``AdapterWarning`` and the per-run log that collects
warnings and refused records, reading a record's files (confined, within ``taskkit.untrusted``'s
limits), and the adapter interface."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path, PurePath
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from taskkit import untrusted
from taskkit.importers.model import ImportedTask, Provenance, ScoringLayer

PINS_FILE = Path(__file__).with_name("pins.toml")
RECORD_FOLDER = "the record's folder"
SOURCE_FOLDER = "the source's folder"
UNVERIFIED = "unverified"
LOSSY, INFORMATIONAL = "lossy", "informational"
STRICT_FIELD = "(strict)"


class Pin(BaseModel):
    """One source's entry in pins.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    repo: str
    commit: str
    license: str
    license_note: str = ""
    records: str = "."

    @property
    def license_verified(self) -> bool:
        return self.license != UNVERIFIED


@cache
def pins(path: Path = PINS_FILE) -> dict[str, Pin]:
    data = tomllib.loads(path.read_text())
    return {name: Pin.model_validate(entry) for name, entry in data.items()}


@dataclass(frozen=True)
class AdapterWarning:
    """A lossy or missing field: the source, its pinned commit, the task, the field and the
    default taken (seed 002). ``lossy``: it changes what is scored or what the agent sees (it
    blocks ``--strict``); otherwise it is informational."""

    source: str
    commit: str
    task: str
    field: str
    default: str
    lossy: bool

    @property
    def kind(self) -> str:
        return LOSSY if self.lossy else INFORMATIONAL

    def __str__(self) -> str:
        return f"{self.source}@{self.commit[:12]} {self.task}: {self.field} ({self.kind}): {self.default}"


@dataclass(frozen=True)
class Refusal:
    """A record that could not be imported: the file, the record and the field named."""

    file: str
    record: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: record {self.record}: {self.field}: {self.message}"


class RecordError(ValueError):
    """Raised by an adapter for one bad record; the run refuses it and goes on."""

    def __init__(self, file: str, record: str, field: str, message: str) -> None:
        super().__init__(f"{file}: record {record}: {field}: {message}")
        self.refusal = Refusal(file, record, field, message)


@dataclass
class ImportLog:
    """What one run collected: how many upstream records it enumerated (``records``, counted by
    the adapter before mapping each), warnings and refused records."""

    records: int = 0
    warnings: list[AdapterWarning] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)

    def warn(self, warning: AdapterWarning) -> None:
        self.warnings.append(warning)

    def refuse(self, error: RecordError) -> None:
        self.refusals.append(error.refusal)

    def lossy_tasks(self) -> set[str]:
        """The tasks with at least one lossy warning (what ``--strict`` leaves out)."""
        return {w.task for w in self.warnings if w.lossy}

    def counts(self) -> dict[str, int]:
        """Warnings by kind: lossy and informational."""
        lossy = sum(w.lossy for w in self.warnings)
        return {LOSSY: lossy, INFORMATIONAL: len(self.warnings) - lossy}


@dataclass
class RecordContext:
    """What an adapter's mapping of one record needs: the source, the record's place, the log."""

    source: str
    pin: Pin
    log: ImportLog
    file: str
    record: str
    task: str = ""
    deadline: untrusted.Deadline = field(default_factory=untrusted.Deadline)

    def warn(self, field_name: str, default: str, *, lossy: bool) -> None:
        """Record a warning on this record's task; ``lossy``: it changes what is scored or
        what the agent sees."""
        self.log.warn(
            AdapterWarning(
                self.source, self.pin.commit, self.task or self.record, field_name, default, lossy
            )
        )

    def refuse(self, field_name: str, message: str) -> RecordError:
        return RecordError(self.file, self.record, field_name, message)

    def confined(
        self, folder: Path, name: str | PurePath, field_name: str, within: str = RECORD_FOLDER
    ) -> Path:
        """``folder / name`` resolved (symlinks followed); refused unless it stays inside
        ``folder``. Every path an adapter reads goes through here."""
        try:
            return untrusted.confined(folder, name, within)
        except untrusted.Refused as exc:
            raise self.refuse(field_name, str(exc)) from None

    def read(
        self, folder: Path, name: str | PurePath, field_name: str, within: str = RECORD_FOLDER
    ) -> str:
        """The text of ``folder / name``, confined to ``folder`` and within the size limit."""
        path = self.confined(folder, name, field_name, within)
        try:
            return untrusted.read_text(path)
        except untrusted.Refused as exc:
            raise self.refuse(field_name, f"{name}: {exc}") from None

    def parse_yaml(self, text: str, field_name: str | None = None) -> Any:
        """YAML within the limits; a syntax error names its line (or ``field_name``)."""
        try:
            return untrusted.load_yaml(text, self.deadline)
        except untrusted.Refused as exc:
            raise self.refuse(field_name or "(file)", str(exc)) from None
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = field_name or (f"line {mark.line + 1}" if mark else "(file)")
            raise self.refuse(where, f"not valid YAML: {getattr(exc, 'problem', exc)}") from None
        except ValueError as exc:  # a scalar the safe constructor cannot build
            raise self.refuse(field_name or "(file)", f"not valid YAML: {exc}") from None

    def parse_json(self, text: str, field_name: str = "(file)") -> Any:
        """JSON within the limits; a syntax error is refused as not valid JSON."""
        try:
            return untrusted.load_json(text)
        except untrusted.Refused as exc:
            raise self.refuse(field_name, str(exc)) from None
        except ValueError as exc:
            raise self.refuse(field_name, f"not valid JSON: {exc}") from None

    def check_time(self, stage: str) -> None:
        """Refused once the record's time budget is spent."""
        try:
            self.deadline.check(stage)
        except untrusted.Refused as exc:
            raise self.refuse("(record)", str(exc)) from None

    def provenance(self, source_id: str, record: str | None = None) -> Provenance:
        """The task's provenance (``record``: where in the file, default the whole file); an
        unverified licence is a warning on every task."""
        if not self.pin.license_verified:
            self.warn("license", f"unverified ({self.pin.license_note})", lossy=False)
        return Provenance(
            source=self.source,
            source_id=source_id,
            upstream_repo=self.pin.repo,
            upstream_commit=self.pin.commit,
            license=self.pin.license,
            record=f"{self.file}#{record}" if record else self.file,
        )


def parsed(model: type[BaseModel], data: Any, ctx: RecordContext) -> Any:
    """``data`` validated by an upstream record model; the first error names its field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"]) or "(record)"
        raise ctx.refuse(where, f"{error['msg']} (got {error.get('input')!r:.80})") from None


@dataclass(frozen=True)
class Adapter:
    """A registered source: its name, the layers its tasks can be scored by, and ``load``."""

    name: str
    summary: str
    layers: tuple[ScoringLayer, ...]
    load: Callable[[Path, ImportLog], list[ImportedTask]]

    @property
    def pin(self) -> Pin:
        return pins()[self.name]

    def records_dir(self, checkout: Path) -> Path:
        """The records inside a checkout (pins' ``records``), or ``checkout`` itself when it
        is already that folder (a fixture, an explicit ``NAME:PATH``)."""
        inner = checkout / self.pin.records
        return inner if inner.is_dir() and self.pin.records != "." else checkout
