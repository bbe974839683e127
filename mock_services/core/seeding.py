"""The seeding layer: validate a service's seed document and build its DB atomically.

A task's ``seed.json`` maps service names to seed documents, next to an optional ``now`` and
``timezone``. Each document is validated by its service's pydantic schema; rows may point at
each other by natural keys and may pin their ids. The DB is built in a temporary file and
renamed into place, so a bad seed never leaves a half-written DB behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from operator import itemgetter
from pathlib import Path
from typing import Annotated, Any
from zoneinfo import ZoneInfo

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    SerializationInfo,
    ValidationError,
    ValidationInfo,
)
from sqlalchemy import Boolean, DateTime
from sqlalchemy.orm import Session

from mock_services.core import clock
from mock_services.core.db import Meta, create_all, make_engine
from mock_services.core.faults import FaultRule
from mock_services.core.settings import Settings

Loc = tuple[str | int, ...]


class SeedError(ValueError):
    """A seed that cannot be loaded; the message names the file, service, JSON path and problem."""


def format_loc(service: str, loc: Iterable[str | int]) -> str:
    text = service
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


# --- Dates in seeds: absolute ISO 8601 or relative to the seed's ``now`` -------------------


def _date_context(info: ValidationInfo | SerializationInfo) -> tuple[datetime, ZoneInfo] | None:
    context = info.context if isinstance(info.context, dict) else None
    if context and "now" in context:
        return context["now"], context["tz"]
    return None


def _resolve_seed_datetime(value: Any, info: ValidationInfo) -> datetime:
    if not isinstance(value, str | datetime):
        raise ValueError(f"expected a date string such as '+3d 10:00', got {value!r}")
    now, tz = _date_context(info) or (clock.DEFAULT_NOW, ZoneInfo("UTC"))
    try:
        return clock.resolve_datetime(value, now, tz)
    except clock.DateParseError as exc:
        raise ValueError(str(exc)) from None


def _resolve_seed_date(value: Any, info: ValidationInfo) -> date:
    if not isinstance(value, str | date):
        raise ValueError(f"expected a date string such as '+3d' or '2026-03-05', got {value!r}")
    now, tz = _date_context(info) or (clock.DEFAULT_NOW, ZoneInfo("UTC"))
    try:
        return clock.resolve_date(value, now, tz)
    except clock.DateParseError as exc:
        raise ValueError(str(exc)) from None


def _show_datetime(value: datetime, info: SerializationInfo) -> str:
    found = _date_context(info)
    return clock.relativize(value, *found) if found else clock.iso(value) or ""


def _show_date(value: date, info: SerializationInfo) -> str:
    found = _date_context(info)
    return clock.relativize_date(value, *found) if found else value.isoformat()


SeedDateTime = Annotated[
    datetime,
    BeforeValidator(_resolve_seed_datetime),
    PlainSerializer(_show_datetime, return_type=str, when_used="json"),
    Field(json_schema_extra={"examples": ["+3d 10:00", "-2h", "2026-03-05T10:00:00Z"]}),
]
SeedDate = Annotated[
    date,
    BeforeValidator(_resolve_seed_date),
    PlainSerializer(_show_date, return_type=str, when_used="json"),
]


class SeedModel(BaseModel):
    """Base of every seed schema: unknown fields are errors, not silently dropped."""

    model_config = ConfigDict(extra="forbid")


class NotificationTarget(SeedModel):
    """Where a service delivers confirmation mails (the email service of the same task)."""

    email_url: str = "http://127.0.0.1:5001"
    sender: str | None = None


class ServiceSeed(SeedModel):
    """Fields every service's seed document accepts next to its own."""

    faults: list[FaultRule] = []
    notifications: NotificationTarget | None = None


class TaskSeedHeader(SeedModel):
    """The task-wide part of ``seed.json``: the frozen clock."""

    model_config = ConfigDict(extra="allow")
    now: datetime = clock.DEFAULT_NOW
    timezone: str = "UTC"


# --- Context handed to a service's loader and dumper ---------------------------------------


@dataclass
class SeedContext:
    """The clock, id allocation and natural-key index of one seeding (or export) run."""

    service: str
    now: datetime
    tz: ZoneInfo
    source: str = "seed.json"
    _keys: dict[str, dict[Any, int]] = field(default_factory=dict)

    @property
    def pydantic_context(self) -> dict[str, Any]:
        return {"now": self.now, "tz": self.tz}

    def error(self, loc: Loc, message: str) -> SeedError:
        return SeedError(f"{self.source}: {format_loc(self.service, loc)}: {message}")

    def register(self, kind: str, key: Any, row_id: int, loc: Loc) -> None:
        """Record that natural key ``key`` of ``kind`` names row ``row_id``."""
        index = self._keys.setdefault(kind, {})
        if key in index:
            raise self.error(loc, f"duplicate {kind} {key!r}; each {kind} must be unique")
        index[key] = row_id

    def ref(self, kind: str, key: Any, loc: Loc) -> int:
        """The id of the ``kind`` named ``key``, or an error listing the known ones."""
        index = self._keys.get(kind, {})
        if key not in index:
            known = ", ".join(repr(k) for k in list(index)[:10]) or "none"
            raise self.error(loc, f"unknown {kind} {key!r}; expected one of: {known}")
        return index[key]

    def allocate_ids(self, pinned: Sequence[int | None], loc: Loc) -> list[int]:
        """Ids in document order: pinned ones kept, the others numbered 1, 2, ... around them."""
        taken: set[int] = set()
        for i, row_id in enumerate(pinned):
            if row_id is None:
                continue
            if row_id in taken:
                raise self.error((*loc, i, "id"), f"id {row_id} is pinned twice")
            taken.add(row_id)
        ids, candidate = [], 1
        for row_id in pinned:
            if row_id is not None:
                ids.append(row_id)
                continue
            while candidate in taken:
                candidate += 1
            taken.add(candidate)
            ids.append(candidate)
        return ids


def bulk_insert(session: Session, model: type[Any], rows: list[dict[str, Any]]) -> None:
    """Insert many rows with one DB-API ``executemany``.

    Seeds need neither the ORM's per-row bookkeeping nor per-statement compilation, which
    cost several times the insert itself; values still go through each column type's bind
    processor (dates become SQLAlchemy's text format, JSON is encoded). A key missing from a
    row takes the column's Python-side default (or NULL), filled into the row dict in place.
    """
    if not rows:
        return
    table = model.__table__
    connection = session.connection()
    dialect = connection.dialect
    columns = [c for c in table.columns if c.key in rows[0] or c.default is not None]
    for column in columns:
        _fill_missing(rows, column.key, column.default)
    keys = [c.key for c in columns]
    getter = itemgetter(*keys) if len(keys) > 1 else (lambda row: (row[keys[0]],))
    processors = [(i, proc) for i, c in enumerate(columns) if (proc := _processor(c, dialect))]
    if processors:
        values: list[Any] = []
        for row in rows:
            value = list(getter(row))
            for i, proc in processors:
                value[i] = proc(value[i])
            values.append(value)
    else:
        values = [getter(row) for row in rows]
    names = ", ".join(f'"{c.name}"' for c in columns)
    marks = ", ".join("?" for _ in columns)
    cursor = connection.connection.driver_connection.cursor()
    try:
        cursor.executemany(f'INSERT INTO "{table.name}" ({names}) VALUES ({marks})', values)
    finally:
        cursor.close()


def _naive_datetime_text(value: datetime | None) -> str | None:
    # SQLAlchemy's SQLite DATETIME text ("2026-03-02 09:00:00.000000"), via the C isoformat.
    if value is None:
        return None
    return value.replace(tzinfo=None).isoformat(" ", "microseconds")


def _processor(column: Any, dialect: Any) -> Callable[[Any], Any] | None:
    """The column type's bind processor, or an equivalent that is several times faster."""
    if isinstance(column.type, Boolean):
        return None  # sqlite3 stores True/False as 1/0 already
    if isinstance(column.type, DateTime) and not column.type.timezone:
        return _naive_datetime_text
    return column.type.dialect_impl(dialect).bind_processor(dialect)


def _fill_missing(rows: list[dict[str, Any]], key: str, default: Any) -> None:
    for row in rows:
        if key not in row:
            if default is None:
                row[key] = None
            else:
                row[key] = default.arg(None) if default.is_callable else default.arg


# --- Parsing seed files ----------------------------------------------------------------------


def read_seed_file(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text()
    except OSError as exc:
        raise SeedError(f"{path}: cannot read seed file: {exc.strerror}") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SeedError(f"{path}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None
    if not isinstance(document, dict):
        raise SeedError(
            f"{path}: expected a JSON object mapping service names to seed "
            f"documents, got {type(document).__name__}"
        )
    return document


def split_task_seed(
    document: dict[str, Any], known_services: Iterable[str], source: str
) -> tuple[TaskSeedHeader, dict[str, dict[str, Any]]]:
    """Split ``seed.json`` into its clock header and one document per known service."""
    known = sorted(known_services)
    services = {k: v for k, v in document.items() if k not in TaskSeedHeader.model_fields}
    try:
        header = TaskSeedHeader.model_validate(
            {k: v for k, v in document.items() if k in TaskSeedHeader.model_fields}
        )
        clock.zone(header.timezone)
    except ValidationError as exc:
        raise _validation_error(exc, source, "seed") from None
    except clock.DateParseError as exc:
        raise SeedError(f"{source}: timezone: {exc}") from None
    for name, section in services.items():
        if name not in known:
            raise SeedError(
                f"{source}: unknown service {name!r}; expected one of: "
                f"{', '.join(known)} (or 'now', 'timezone')"
            )
        if not isinstance(section, dict):
            raise SeedError(
                f"{source}: {name}: expected a JSON object (the service's seed "
                f"document), got {type(section).__name__}"
            )
    return header, services


def _validation_error(exc: ValidationError, source: str, service: str) -> SeedError:
    lines = []
    for err in exc.errors(include_url=False)[:20]:
        where = format_loc(service, err["loc"])
        message = err["msg"].removeprefix("Value error, ")
        got = "" if err["type"] == "missing" else f" (got {err['input']!r:.80})"
        lines.append(f"{source}: {where}: {message}{got}")
    more = exc.error_count() - len(lines)
    if more > 0:
        lines.append(f"... and {more} more")
    return SeedError("\n".join(lines))


def validate_service_seed(spec: Any, document: dict[str, Any], ctx: SeedContext) -> BaseModel:
    try:
        return spec.seed_model.model_validate(document, context=ctx.pydantic_context)
    except ValidationError as exc:
        raise _validation_error(exc, ctx.source, spec.name) from None


# --- Building the DB ---------------------------------------------------------------------------


def seed_hash(document: dict[str, Any], now: datetime, tz: str) -> str:
    canonical = json.dumps(
        {"doc": document, "now": now.isoformat(), "tz": tz}, sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def _remove_db_files(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def seed_service(
    spec: Any,
    document: dict[str, Any],
    settings: Settings,
    *,
    now: datetime = clock.DEFAULT_NOW,
    timezone: str = "UTC",
    source: str = "seed.json",
) -> Path:
    """Validate ``document`` and build ``<service>.db`` (and its pristine copy) atomically."""
    now = settings.now_override or now
    ctx = SeedContext(spec.name, now, clock.zone(timezone), source)
    seed = validate_service_seed(spec, document, ctx)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    building = settings.data_dir / f".{spec.name}.db.building-{os.getpid()}"
    _remove_db_files(building)
    engine = make_engine(building, building=True)
    try:
        create_all(engine, spec.base)
        with Session(engine) as session, session.begin():
            spec.load(session, seed, ctx)
            meta = {
                "service": spec.name,
                "now": now.isoformat(),
                "timezone": timezone,
                "seed_hash": seed_hash(document, now, timezone),
                "faults": json.dumps([f.model_dump(mode="json") for f in seed.faults]),
                "notifications": json.dumps(
                    seed.notifications.model_dump(mode="json") if seed.notifications else None
                ),
            }
            session.add_all(Meta(key=k, value=v) for k, v in meta.items())
    except BaseException:
        engine.dispose()
        _remove_db_files(building)
        raise
    engine.dispose()
    pristine, live = settings.pristine_path(spec.name), settings.db_path(spec.name)
    _copy_db(building, pristine)
    _remove_db_files(live)
    os.replace(building, live)
    return live


def _copy_db(source: Path, target: Path) -> None:
    staging = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    _remove_db_files(staging)
    src, dst = sqlite3.connect(source), sqlite3.connect(staging)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()
    _remove_db_files(target)
    os.replace(staging, target)


def seed_task(
    specs: Mapping[str, Any], path: Path, settings: Settings, only: str | None = None
) -> list[Path]:
    """Seed every service named in a task's ``seed.json``, or just ``only``.

    A service asked for by ``only`` that has no section in the file gets its embedded default
    data, under the file's clock (as the per-task image does).
    """
    header, sections = split_task_seed(read_seed_file(path), specs, str(path))
    if only is not None:
        if only not in specs:
            raise SeedError(f"unknown service {only!r}; expected one of: {', '.join(specs)}")
        sections = {only: sections[only] if only in sections else specs[only].default_seed()}
    return [
        seed_service(
            specs[name], doc, settings, now=header.now, timezone=header.timezone, source=str(path)
        )
        for name, doc in sections.items()
    ]


def export_service(spec: Any, settings: Settings) -> dict[str, Any]:
    """Read a service's live DB back into a seed document (dates relative to its ``now``)."""
    from mock_services.core.db import read_meta

    path = settings.db_path(spec.name)
    if not path.exists():
        raise SeedError(f"{path}: no such DB; seed the {spec.name} service first")
    engine = make_engine(path)
    try:
        meta = read_meta(engine)
        ctx = SeedContext(
            spec.name,
            datetime.fromisoformat(meta["now"]),
            clock.zone(meta.get("timezone", "UTC")),
            str(path),
        )
        with Session(engine) as session:
            seed = spec.dump(session, ctx)
    finally:
        engine.dispose()
    seed.faults = [FaultRule.model_validate(f) for f in json.loads(meta.get("faults", "[]"))]
    notifications = json.loads(meta.get("notifications", "null"))
    seed.notifications = NotificationTarget.model_validate(notifications) if notifications else None
    return seed.model_dump(mode="json", context=ctx.pydantic_context, exclude_defaults=True)
