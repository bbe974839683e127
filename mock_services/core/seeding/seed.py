"""The seeding layer: validate a service's seed document and build its DB atomically.

A task's ``seed.json`` maps service names to seed documents, next to an optional ``now`` and
``timezone``. Each document is validated by its service's pydantic schema; rows may point at
each other by natural keys and may pin their ids. The DB is built in a temporary file and
renamed into place, so a bad seed never leaves a half-written DB behind.
"""

from __future__ import annotations

import difflib
import gc
import hashlib
import json
import os
import shutil
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast, dataclass_transform
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from pydantic import (
    ConfigDict,
    Field,
    ValidationError,
)
from pydantic.dataclasses import dataclass as pydantic_dataclass
from pydantic_core import from_json
from sqlalchemy import Boolean, Column, ColumnDefault, Connection, DateTime, select
from sqlalchemy.orm import Session

from mock_services.core.base import clock
from mock_services.core.base.auth import locked_hash
from mock_services.core.base.clock import ClockMode
from mock_services.core.base.mcp_toolset import McpToolSet
from mock_services.core.base.seed_errors import did_you_mean, did_you_mean_among, file_line
from mock_services.core.base.settings import Settings
from mock_services.core.base.write_lock import writers_excluded
from mock_services.core.data.db import (
    Meta,
    create_indexes,
    create_tables,
    make_engine,
    read_meta,
    sqlite_driver,
)
from mock_services.core.data.faults import FaultRule
from mock_services.core.seeding.personas import Persona, Personas
from mock_services.core.seeding.seed_types import SeedDate as SeedDate  # services' import
from mock_services.core.seeding.seed_types import SeedDateTime as SeedDateTime
from mock_services.core.seeding.seed_types import SeedModel as SeedModel
from mock_services.core.seeding.serving import unserved
from mock_services.core.seeding.world_events import WorldEvent, WorldEvents

if TYPE_CHECKING:
    from sqlalchemy.orm import DeclarativeBase

    from mock_services.core.base.auth import UserMixin

Loc = tuple[str | int, ...]


class SeedError(ValueError):
    """A seed that cannot be loaded; the message names the file, service, JSON path and problem."""


def format_loc(service: str, loc: Iterable[str | int]) -> str:
    text = service
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


RowType = TypeVar("RowType", bound=type)


@dataclass_transform(kw_only_default=True, field_specifiers=(Field,))
def seed_row(cls: RowType) -> RowType:
    """Declare the row type of a large, flat seed section (e.g. a catalogue's products).

    A slotted pydantic dataclass validates about twice as fast as a ``SeedModel`` and is read
    the same way (``row.sku``); unknown fields are errors here too.
    """
    row_type = pydantic_dataclass(config=ConfigDict(extra="forbid"), kw_only=True, slots=True)(cls)
    return cast(RowType, row_type)  # the same class rebuilt with slots; pydantic types it apart


LOOPBACK_HOSTS = ("127.0.0.1", "localhost")


class NotificationTarget(SeedModel):
    """Where a service delivers confirmation mails: the email service of the same task, whose
    address the seed gives (the core knows no other service, nor its port)."""

    email_url: str = Field(min_length=1, examples=["http://127.0.0.1:5001"])
    sender: str | None = None
    services: dict[str, str] = Field(
        {},
        description="addresses of other services of the task this one notifies, by name",
        examples=[{"calendar": "http://127.0.0.1:5006"}],
    )

    def moved(self, offset: int) -> NotificationTarget:
        """The wiring with every address on this host (``127.0.0.1``, ``localhost``) on its
        port plus ``offset``: where ``serve all --port-offset`` serves those services."""
        if not offset:
            return self

        def move(url: str) -> str:
            parts = urlsplit(url)
            if parts.hostname not in LOOPBACK_HOSTS or parts.port is None:
                return url
            return parts._replace(netloc=f"{parts.hostname}:{parts.port + offset}").geturl()

        return self.model_copy(
            update={
                "email_url": move(self.email_url),
                "services": {name: move(url) for name, url in self.services.items()},
            }
        )


class ServiceSeed(SeedModel):
    """Fields every service's seed document accepts next to its own."""

    faults: list[FaultRule] = []
    notifications: NotificationTarget | None = None
    max_body_bytes: int | None = Field(
        None, ge=1024, le=1024**3, description="request bodies over this many bytes get 413"
    )
    mcp: McpToolSet | None = None
    audit_reads: bool = Field(
        False,
        description=(
            "log the agent's reads too: the API's, the MCP tools' and the web pages' (a page "
            "as the first API read it shows; the query as the body), for graders that score "
            "what the agent looked at; each read then takes a clock tick"
        ),
    )


class TaskSeedHeader(SeedModel):
    """The task-wide part of ``seed.json``: the frozen clock, and the accounts the agent may
    log in to.

    With ``logins``, only those usernames keep the passwords the seed gives them; every other
    account of every service is locked (its hash matches no password), so an agent told to act
    as one user cannot log in as another by guessing or by reading a readable seed. Without
    it, every seeded password works (development, ``mock-services serve all``).
    """

    model_config = ConfigDict(extra="allow")
    now: datetime = clock.DEFAULT_NOW
    timezone: str = "UTC"
    logins: list[str] | None = Field(None, min_length=1)
    events: list[dict[str, Any]] = Field(
        [], description="what the world does during the trial, and when (``WorldEvent``)"
    )
    personas: list[dict[str, Any]] = Field(
        [], description="people who answer the agent's messages (``Persona``)"
    )
    clock: ClockMode = Field(
        "frozen",
        description="'frozen': the world moves one second per write; 'running': it also moves "
        "with real time from the start of the agent phase",
    )


SEED_HEADER_KEYS = frozenset(TaskSeedHeader.model_fields)
MISSING_LOGINS = (
    'no "logins": a task seed names the accounts the agent may use (e.g. "logins": ["alice"]), '
    "so that every other account is locked"
)


# --- Context handed to a service's loader and dumper ---------------------------------------


@dataclass
class SeedContext:
    """The clock, id allocation and natural-key index of one seeding (or export) run."""

    service: str
    now: datetime
    tz: ZoneInfo
    source: str = "seed.json"
    world_events: list[tuple[int, WorldEvent]] = field(default_factory=list)
    """This service's events of the seed header's ``events``, each with its index there."""
    personas: list[tuple[int, Persona]] = field(default_factory=list)
    """This service's personas of the seed header's ``personas``, each with its index there."""
    _keys: dict[str, dict[Any, int]] = field(default_factory=dict)

    @property
    def pydantic_context(self) -> dict[str, Any]:
        """What seed validators and serializers read: the clock, and memos of resolved dates."""
        return {"now": self.now, "tz": self.tz, "datetimes": {}, "dates": {}}

    def error(self, loc: Loc, message: str) -> SeedError:
        where = format_loc(self.service, loc)
        line = line_note(self.source, self.service, loc)
        return SeedError(f"{self.source}: {where}: {message}{line}")

    def event_error(self, index: int, loc: Loc, message: str, key: str = "events") -> SeedError:
        """A problem with the header's event ``index`` (at ``loc`` inside it), or with its
        item ``index`` of another ``key`` (``personas``)."""
        where = (key, index, *loc)
        line = line_note(self.source, "seed", where)
        return SeedError(f"{self.source}: {format_loc('seed', where)}: {message}{line}")

    def register(self, kind: str, key: Any, row_id: int, loc: Loc) -> None:
        """Record that natural key ``key`` of ``kind`` names row ``row_id``."""
        index = self._keys.setdefault(kind, {})
        if key in index:
            raise self.error(loc, f"duplicate {kind} {key!r}; each {kind} must be unique")
        index[key] = row_id

    def register_all(
        self, kind: str, keys: Sequence[Any], ids: Sequence[int], loc: Loc, name: str
    ) -> None:
        """``register`` for a whole section: ``keys[i]`` (field ``name`` of ``loc[i]``) names
        ``ids[i]``."""
        index = self._keys.setdefault(kind, {})
        fresh = dict(zip(keys, ids, strict=True))
        if len(fresh) == len(keys) and index.keys().isdisjoint(fresh):
            index.update(fresh)
            return
        for i, key in enumerate(keys):  # a duplicate: find the first one for the message
            self.register(kind, key, ids[i], (*loc, i, name))

    def ref(self, kind: str, key: Any, loc: Loc) -> int:
        """The id of the ``kind`` named ``key``, or an error listing the known ones."""
        index = self._keys.get(kind, {})
        if key not in index:
            known = ", ".join(repr(k) for k in list(index)[:10]) or "none"
            raise self.error(loc, f"unknown {kind} {key!r}; expected one of: {known}")
        return index[key]

    def keys_of(self, kind: str) -> Mapping[Any, int]:
        """The ids of the ``kind`` rows registered so far, by natural key (read, never change)."""
        return self._keys.get(kind, {})

    def refs(self, kind: str, keys: Sequence[Any], loc: Loc, name: str) -> list[int]:
        """``ref`` for a whole section: the ids ``keys`` name (field ``name`` of ``loc[i]``)."""
        index = self._keys.get(kind, {})
        try:
            return [index[key] for key in keys]
        except KeyError:
            return [self.ref(kind, key, (*loc, i, name)) for i, key in enumerate(keys)]

    def allocate_ids_at(self, entries: Sequence[tuple[int | None, Loc]]) -> list[int]:
        """``allocate_ids`` for rows spread over a document (nested under several parents):
        ``entries`` are each row's pinned id (or None) and JSON path, in document order; an id
        pinned twice is an error naming both paths."""
        seen: dict[int, Loc] = {}
        for pinned, loc in entries:
            if pinned is None:
                continue
            if pinned in seen:
                raise self.error(
                    (*loc, "id"),
                    f"id {pinned} is already pinned at {format_loc(self.service, seen[pinned])}",
                )
            seen[pinned] = loc
        return self.allocate_ids([pinned for pinned, _ in entries], ())

    def allocate_ids(self, pinned: Sequence[int | None], loc: Loc) -> list[int]:
        """Ids in document order: pinned ones kept, the others numbered 1, 2, ... around them."""
        taken: set[int] = set()
        for i, row_id in enumerate(pinned):
            if row_id is None:
                continue
            if row_id in taken:
                raise self.error((*loc, i, "id"), f"id {row_id} is pinned twice")
            taken.add(row_id)
        if not taken:
            return list(range(1, len(pinned) + 1))
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


class SeededService(Protocol):
    """What seeding reads of a service: its part of the declaration (``ServiceSpec``, on the
    floor above, which hands its seed model, loader and dumper down through this)."""

    @property
    def name(self) -> str: ...

    @property
    def base(self) -> type[DeclarativeBase]: ...

    @property
    def user_model(self) -> type[UserMixin]: ...

    @property
    def seed_model(self) -> type[ServiceSeed]: ...

    @property
    def load(self) -> Callable[[Session, Any, SeedContext], None]:
        """Writes a validated seed (of its own ``seed_model``) into a session."""
        ...

    @property
    def dump(self) -> Callable[[Session, SeedContext], ServiceSeed]: ...

    @property
    def default_seed(self) -> Callable[[], dict[str, Any]]: ...

    @property
    def default_clock(self) -> clock.WorldClock: ...


_Service = TypeVar("_Service", bound=SeededService)
SeedCheck = Callable[[_Service, ServiceSeed, SeedContext], None]
"""A check of a valid seed that needs what only the floors above know (the served routes, the
MCP tools): ``mock_services.core.serve.seeding.TASK_SEED_CHECKS``, which ``seed_service`` and
``seed_task`` there always run. Every build here names its checks, so none is skipped unseen."""


def bulk_insert(session: Session, model: type[Any], rows: list[dict[str, Any]]) -> None:
    """Insert rows given as dicts; a key missing from a row takes the column's Python-side
    default (or NULL), filled into the row dict in place. See ``insert_columns``."""
    if not rows:
        return
    keys = [c.key for c in model.__table__.columns if c.key in rows[0] or c.default is not None]
    try:
        columns = {key: [row[key] for row in rows] for key in keys}
    except KeyError:
        for column in model.__table__.columns:
            if column.key in keys:
                _fill_missing(rows, column)
        columns = {key: [row[key] for row in rows] for key in keys}
    insert_columns(session, model, columns)


def insert_columns(
    session: Session, model: type[Any], columns: Mapping[str, Sequence[Any]]
) -> None:
    """Insert rows given column by column (``columns[key][i]`` is row i's ``key``) with one
    DB-API ``executemany``: the fast way in for a large seed section.

    Seeds need neither the ORM's per-row bookkeeping nor per-statement compilation, which
    cost several times the insert itself; values still go through each column type's bind
    processor (JSON is encoded; datetimes become SQLAlchemy's text, in UTC if they are aware).
    A column left out takes its Python-side default, if it has one.
    """
    table = model.__table__
    unknown = set(columns) - {c.key for c in table.columns}
    if unknown:
        raise ValueError(f"{table.name} has no column(s) {', '.join(sorted(unknown))}")
    lengths = {key: len(values) for key, values in columns.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError(f"{table.name}: columns of different lengths: {lengths}")
    count = next(iter(lengths.values()), 0)
    if count == 0:
        return
    connection = session.connection()
    names, values = [], []
    for column in table.columns:
        if column.key in columns:
            data = columns[column.key]
        elif column.default is not None:
            data = [_default_of(column)] * count
        else:
            continue
        convert = _converter(column, connection)
        names.append(f'"{column.name}"')
        values.append(convert(data) if convert else data)
    marks = ", ".join("?" for _ in names)
    statement = f'INSERT INTO "{table.name}" ({", ".join(names)}) VALUES ({marks})'
    cursor = sqlite_driver(connection.connection).cursor()
    try:
        cursor.executemany(statement, zip(*values, strict=True))
    finally:
        cursor.close()


def _datetime_text(value: datetime | None) -> str | None:
    # SQLAlchemy's SQLite DATETIME text ("2026-03-02 09:00:00.000000"), in UTC.
    if value is None:
        return None
    return clock.to_naive_utc(value).isoformat(" ", "microseconds")


def _boolean_integer(value: bool | None) -> int | None:
    return None if value is None else int(value)


def _each_distinct(convert: Callable[[Any], Any]) -> Callable[[Sequence[Any]], list[Any]]:
    """A column converter that converts each distinct value once (seeds repeat dates a lot)."""

    def column(values: Sequence[Any]) -> list[Any]:
        converted = {value: convert(value) for value in set(values)}
        return list(map(converted.__getitem__, values))

    return column


def _each(convert: Callable[[Any], Any]) -> Callable[[Sequence[Any]], list[Any]]:
    return lambda values: list(map(convert, values))


def _converter(
    column: Column[Any], connection: Connection
) -> Callable[[Sequence[Any]], list[Any]] | None:
    """How a column's values become SQLite values: its type's bind processor, or a faster
    equivalent."""
    if isinstance(column.type, Boolean):  # sqlite3 binds a bool through its slow adapter path
        return _each_distinct(_boolean_integer)
    if isinstance(column.type, DateTime) and not column.type.timezone:
        return _each_distinct(_datetime_text)
    dialect = connection.dialect
    processor = column.type.dialect_impl(dialect).bind_processor(dialect)
    return _each(processor) if processor else None


def _default_of(column: Column[Any]) -> Any:
    """A column's Python-side default value (``None`` without one)."""
    default = column.default
    if not isinstance(default, ColumnDefault):
        return None
    return default.arg(None) if default.is_callable else default.arg


def _fill_missing(rows: list[dict[str, Any]], column: Column[Any]) -> None:
    for row in rows:
        if column.key not in row:
            row[column.key] = _default_of(column)


# --- Parsing seed files ----------------------------------------------------------------------


def read_seed_file(path: Path) -> dict[str, Any]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SeedError(f"{path}: cannot read seed file: {exc.strerror}") from None
    try:
        # pydantic's JSON parser reads a large catalogue in half the time json takes
        document = from_json(data, cache_strings="keys")
    except ValueError:
        document = _parse_json(path, data)
    if not isinstance(document, dict):
        raise SeedError(
            f"{path}: expected a JSON object mapping service names to seed "
            f"documents, got {type(document).__name__}"
        )
    return document


def _parse_json(path: Path, data: bytes) -> Any:
    """Parse with the standard library: it also accepts lone surrogates (``"\\ud800"``) and
    its errors say what was expected where."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SeedError(
            f"{path}: not UTF-8 text: byte {exc.start} is 0x{data[exc.start]:02x}"
        ) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SeedError(f"{path}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None


def seeded_usernames(document: Mapping[str, Any]) -> set[str]:
    """The usernames a service's seed document gives its accounts (every service seeds them
    as ``users``, ``UserSeed`` rows); malformed rows are left to the schema's errors."""
    users = document.get("users")
    if not isinstance(users, list):
        return set()
    names = (user.get("username") for user in users if isinstance(user, dict))
    return {name for name in names if isinstance(name, str)}


def seeded_services(document: Mapping[str, Any]) -> list[str]:
    """The services a ``seed.json`` document has sections for: its keys but the header's."""
    return sorted(key for key in document if key not in SEED_HEADER_KEYS)


@dataclass(frozen=True)
class TaskSeed:
    """A task's ``seed.json``, split once: the header (clock, logins) and one seed document
    per service. The one place that combines them: seeding, the oracle runners and the image
    contexts all go through it."""

    header: TaskSeedHeader
    header_fields: dict[str, Any]  # the header as written, so a composed file keeps it verbatim
    sections: dict[str, dict[str, Any]]
    source: str
    events: list[WorldEvent] = field(default_factory=list)
    """The header's world events, validated under its clock."""
    personas: list[Persona] = field(default_factory=list)
    """The header's personas."""
    built_sections: frozenset[str] | None = None
    """The sections ``build`` builds (None: all); the others' accounts still count for
    ``logins`` (``only``, the validator's default data)."""

    @classmethod
    def parse(
        cls, document: Mapping[str, Any], known_services: Iterable[str], source: str
    ) -> TaskSeed:
        """Validate the header and check that every other key is a known service's object."""
        known = sorted(known_services)
        fields = {k: v for k, v in document.items() if k in SEED_HEADER_KEYS}
        try:
            header = TaskSeedHeader.model_validate(fields)
            clock.zone(header.timezone)
        except ValidationError as exc:
            raise _validation_error(exc, source, "seed", TaskSeedHeader) from None
        except clock.DateParseError as exc:
            raise SeedError(f"{source}: timezone: {exc}") from None
        events = _header_items(WorldEvents, "events", header, known, source)
        personas = _header_items(Personas, "personas", header, known, source)
        sections = {k: v for k, v in document.items() if k not in SEED_HEADER_KEYS}
        for name, section in sections.items():
            if name not in known:
                raise SeedError(
                    f"{source}: unknown service {name!r}; expected one of: "
                    f"{', '.join(known)} (or {', '.join(map(repr, sorted(SEED_HEADER_KEYS)))})"
                )
            if not isinstance(section, dict):
                raise SeedError(
                    f"{source}: {name}: expected a JSON object (the service's seed "
                    f"document), got {type(section).__name__}"
                )
        return cls(header, fields, sections, source, events, personas)

    @classmethod
    def read(cls, path: Path, known_services: Iterable[str]) -> TaskSeed:
        with collector_paused():  # a large file's objects, like its rows, are never garbage
            document = read_seed_file(path)
        return cls.parse(document, known_services, str(path))

    def with_defaults(self, specs: Mapping[str, SeededService]) -> TaskSeed:
        """Every service of ``specs`` without a section gets its embedded default data, to be
        seeded under this file's clock (as the per-task image does)."""
        missing = {n: s.default_seed() for n, s in specs.items() if n not in self.sections}
        return replace(self, sections={**self.sections, **missing})

    def only(self, specs: Mapping[str, SeededService], service: str) -> TaskSeed:
        """Build just ``service``'s section (its default data when the file has none); the
        file's other sections still count as the accounts ``logins`` may name."""
        if service not in specs:
            raise SeedError(f"unknown service {service!r}; expected one of: {', '.join(specs)}")
        return self.with_defaults({service: specs[service]}).building({service})

    def building(self, names: Iterable[str]) -> TaskSeed:
        """Build only the sections ``names``; the others still name accounts ``logins`` may."""
        return replace(self, built_sections=frozenset(names))

    def require_logins(self) -> None:
        """Refuse a seed without ``logins`` (a task's: every other account must be locked)."""
        if self.header.logins is None:
            raise SeedError(f"{self.source}: {MISSING_LOGINS}")

    def check_logins(self) -> None:
        """Refuse a ``logins`` name that is no seeded user of any section: it would lock every
        account, the agent's too. (A file with no section seeds, and locks, nothing.)"""
        if not self.sections:
            return
        known = sorted(set().union(*map(seeded_usernames, self.sections.values())))
        for index, name in enumerate(self.header.logins or ()):
            if name not in known:
                close = difflib.get_close_matches(name, known, n=3) or known[:8]
                raise SeedError(
                    f"{self.source}: seed.logins[{index}]: {name!r} is no seeded user of any "
                    f"service ({', '.join(self.sections)}); closest: "
                    f"{', '.join(map(repr, close)) or 'none'}"
                )

    def _sections_built(self) -> dict[str, dict[str, Any]]:
        chosen = self.built_sections
        return {k: v for k, v in self.sections.items() if chosen is None or k in chosen}

    def document(self) -> dict[str, Any]:
        """The combined ``seed.json``: the header as written and every section."""
        return {**self.header_fields, **self.sections}

    def build(
        self,
        specs: Mapping[str, _Service],
        settings: Settings,
        checks: Sequence[SeedCheck[_Service]],
    ) -> dict[str, Path]:
        """Validate and build every section's DB in temporary files (``build_service_db``):
        all of them or, on the first error, none."""
        built: dict[str, Path] = {}
        try:
            for name, document in self._sections_built().items():
                built[name] = build_service_db(
                    specs[name],
                    document,
                    settings,
                    now=self.header.now,
                    timezone=self.header.timezone,
                    source=self.source,
                    logins=self.header.logins,
                    checks=checks,
                    world_clock=self.header.clock,
                    world_events=[(i, e) for i, e in enumerate(self.events) if e.service == name],
                    personas=[(i, p) for i, p in enumerate(self.personas) if p.service == name],
                )
            self.check_logins()
        except BaseException:
            for building in built.values():
                _remove_db_files(building)
            raise
        return built

    def seed(
        self,
        specs: Mapping[str, _Service],
        settings: Settings,
        checks: Sequence[SeedCheck[_Service]],
    ) -> list[Path]:
        """Build every section's DB, then put them all in place (a bad section replaces none);
        refused (``ServedNow``) while a server serves any of them from ``settings``."""
        with unserved(settings, self._sections_built(), "seed"):
            built = self.build(specs, settings, checks)
            return [install_db(building, settings, name) for name, building in built.items()]

    def check(
        self,
        specs: Mapping[str, _Service],
        scratch: Path,
        checks: Sequence[SeedCheck[_Service]],
    ) -> None:
        """Seed every section into ``scratch`` and throw the DBs away: the whole of seeding's
        validation (schemas, natural keys, references, faults, MCP tools), nothing installed."""
        for building in self.build(specs, Settings(data_dir=scratch), checks).values():
            _remove_db_files(building)


def _header_items(
    model: type[WorldEvents] | type[Personas],
    key: str,
    header: TaskSeedHeader,
    known: list[str],
    source: str,
) -> list[Any]:
    """The header's ``events`` or ``personas`` (``key``) validated by ``model`` under its clock,
    each naming a known service."""
    raw = getattr(header, key)
    if not raw:
        return []
    context = {"now": header.now, "tz": clock.zone(header.timezone), "datetimes": {}, "dates": {}}
    try:
        items: list[Any] = getattr(model.model_validate({key: raw}, context=context), key)
    except ValidationError as exc:
        raise _validation_error(exc, source, "seed", model) from None
    for index, item in enumerate(items):
        if item.service not in known:
            where = (key, index, "service")
            raise SeedError(
                f"{source}: {format_loc('seed', where)}: unknown service {item.service!r}"
                f"{did_you_mean_among(item.service, known)}{line_note(source, 'seed', where)}"
            )
    return items


# Rows declared with ``seed_row`` (dataclasses) report unknown and missing fields as models do.
_AS_MODELS_SAY = {
    "unexpected_keyword_argument": "Extra inputs are not permitted",
    "missing_argument": "Field required",
}


def line_note(source: str, service: str, loc: Loc) -> str:
    """`` (line 12)``: where ``service``'s ``loc`` is in ``source``, when that is the seed file
    holding it (a task's seed.json: a section per service; ``seed``: its header); else ""."""
    line = file_line(source, loc if service == "seed" else (service, *loc))
    return f" (line {line})" if line else ""


def _validation_error(
    exc: ValidationError, source: str, service: str, model: type | None = None
) -> SeedError:
    lines = []
    for err in exc.errors(include_url=False)[:20]:
        where = format_loc(service, err["loc"])
        message = _AS_MODELS_SAY.get(err["type"], err["msg"].removeprefix("Value error, "))
        missing = err["type"] in ("missing", "missing_argument")
        got = "" if missing else f" (got {err['input']!r:.80})"
        unknown = err["type"] in ("extra_forbidden", "unexpected_keyword_argument")
        hint = did_you_mean(model, err["loc"]) if unknown else ""
        line = line_note(source, service, err["loc"])
        lines.append(f"{source}: {where}: {message}{got}{hint}{line}")
    more = exc.error_count() - len(lines)
    if more > 0:
        lines.append(f"... and {more} more")
    return SeedError("\n".join(lines))


def validate_service_seed(
    spec: SeededService, document: dict[str, Any], ctx: SeedContext
) -> ServiceSeed:
    try:
        return spec.seed_model.model_validate(document, context=ctx.pydantic_context)
    except ValidationError as exc:
        raise _validation_error(exc, ctx.source, spec.name, spec.seed_model) from None


# --- Building the DB ---------------------------------------------------------------------------


def data_fingerprint(db_file: Path, meta: Mapping[str, str]) -> str:
    """SHA-256 of a DB file just built (before its ``_meta``) and of that ``_meta``.

    Equal for DBs seeded alike, however the seed document was laid out; a fraction of the cost
    of hashing the document itself.
    """
    with db_file.open("rb") as data:
        digest = hashlib.file_digest(data, "sha256")
    digest.update(json.dumps(meta, sort_keys=True).encode())
    return digest.hexdigest()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a seed's rows are built.

    Seeding allocates objects by the hundred thousand and frees none of them until it is done;
    the collector would rescan them again and again, for a third of the seeding time.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def check_references(connection: Connection, ctx: SeedContext) -> None:
    """Fail if a row refers to one that is not there.

    The DB is built without foreign-key enforcement: one check of every reference once the
    rows are in costs a quarter of checking each row as it is inserted.
    """
    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
    if broken:
        table, rowid, parent, _ = broken[0]
        raise ctx.error(
            (),
            f"{len(broken)} row(s) refer to rows that do not exist, "
            f"e.g. {table} row {rowid} refers to a missing {parent} row",
        )


def _remove_db_files(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def build_service_db(
    spec: _Service,
    document: dict[str, Any],
    settings: Settings,
    *,
    now: datetime | None = None,
    timezone: str | None = None,
    source: str = "seed.json",
    logins: Collection[str] | None = None,
    checks: Sequence[SeedCheck[_Service]],
    world_clock: ClockMode = "frozen",
    world_events: Sequence[tuple[int, WorldEvent]] = (),
    personas: Sequence[tuple[int, Persona]] = (),
) -> Path:
    """Validate ``document`` and build the service's DB in a temporary file, which it returns;
    ``install_db`` puts it in place. Nothing is left behind if this fails. With ``logins``,
    every other account is locked (see ``TaskSeedHeader``); ``checks`` run on the valid seed.
    Without ``now`` and ``timezone`` (a task's header gives both), the world has the service's
    own clock (``default_clock``)."""
    now = settings.now_override or now or spec.default_clock.now
    timezone = timezone or spec.default_clock.timezone
    ctx = SeedContext(
        spec.name, now, clock.zone(timezone), source, list(world_events), list(personas)
    )
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    building = settings.data_dir / f".{spec.name}.db.building-{os.getpid()}"
    _remove_db_files(building)
    engine = make_engine(building, building=True)
    try:
        with collector_paused():
            seed = validate_service_seed(spec, document, ctx)
            for check in checks:
                check(spec, seed, ctx)
            with Session(engine) as session, session.begin():
                connection = session.connection()
                create_tables(connection, spec.base)
                spec.load(session, seed, ctx)
                if logins is not None:
                    lock_accounts(session, spec, logins)
                check_references(connection, ctx)
                create_indexes(connection, spec.base)
                # Statistics for the query planner: without them it takes, e.g., an index on
                # `active` (true for nearly every product) over one on the category.
                connection.exec_driver_sql("ANALYZE")
        meta = {
            "service": spec.name,
            "now": now.isoformat(),
            "timezone": timezone,
            "faults": json.dumps([f.model_dump(mode="json") for f in seed.faults]),
            "notifications": json.dumps(
                seed.notifications.model_dump(mode="json") if seed.notifications else None
            ),
        }
        if seed.max_body_bytes is not None:  # only when set: older seeds keep their seed_hash
            meta["max_body_bytes"] = str(seed.max_body_bytes)
        if seed.audit_reads:  # only when set: older seeds keep their seed_hash
            meta["audit_reads"] = "1"
        if world_clock != "frozen":  # only when set: older seeds keep their seed_hash
            meta["clock"] = world_clock
        for key, items in (("events", world_events), ("personas", personas)):
            if items:  # each with its index in the header, which export keeps
                meta[key] = json.dumps(
                    [[i, item.model_dump(mode="json", exclude_defaults=True)] for i, item in items]
                )
        if seed.mcp is not None:
            meta["mcp"] = seed.mcp.model_dump_json(exclude_defaults=True)
        if logins is not None:  # for export: the locks alone do not say which were named
            meta["logins"] = json.dumps(list(logins))
        meta["seed_hash"] = data_fingerprint(building, meta)  # the rows are committed
        with Session(engine) as session, session.begin():
            session.add_all(Meta(key=k, value=v) for k, v in meta.items())
    except BaseException:
        engine.dispose()
        _remove_db_files(building)
        raise
    engine.dispose()
    return building


def lock_accounts(session: Session, spec: SeededService, logins: Collection[str]) -> None:
    """Lock every account of ``spec`` whose username is not in ``logins``."""
    model = spec.user_model
    for user in session.scalars(select(model).where(model.username.not_in(list(logins)))):
        user.password_hash = locked_hash(spec.name, user.username)
    session.flush()


def install_db(built: Path, settings: Settings, service: str) -> Path:
    """Make a DB built by ``build_service_db`` the service's live DB and its pristine copy.

    The live file is swapped while no writer is in a transaction: a server still open on the
    old file sees the swap before its next write (see ``Runtime``), so none is lost in it."""
    pristine, live = settings.pristine_path(service), settings.db_path(service)
    _copy_db(built, pristine)
    with writers_excluded(settings.writers_lock_path(service)):
        _remove_db_files(live)
        os.replace(built, live)
    return live


def _copy_db(source: Path, target: Path) -> None:
    """Copy a closed DB built without a journal: its file is the whole, consistent DB."""
    staging = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    shutil.copyfile(source, staging)
    _remove_db_files(target)
    os.replace(staging, target)


def export_service(spec: SeededService, settings: Settings) -> dict[str, Any]:
    """Read a service's live DB back into a seed document (dates relative to its ``now``)."""
    return _export(spec, settings)[1]


def export_task(specs: Sequence[SeededService], settings: Settings) -> dict[str, Any]:
    """The live DBs of ``specs`` as a task's ``seed.json``: the header they were seeded with
    (clock, logins) and one section each, which seeds back to byte-identical DBs. The DBs must
    share that header.
    """
    headers, sections = {}, {}
    for spec in specs:
        headers[spec.name], sections[spec.name] = _export(spec, settings)
    _check_shared(headers, "clocks", lambda h: f"{h.now} {h.timezone} {h.clock}", settings)
    _check_shared(headers, "logins", lambda h: json.dumps(h.logins), settings)
    shared = next(iter(headers.values()))
    logins = {"logins": list(shared.logins)} if shared.logins is not None else {}
    running = {"clock": shared.clock} if shared.clock != "frozen" else {}
    return {
        "now": shared.now,
        "timezone": shared.timezone,
        **running,
        **logins,
        **_exported_items("events", WorldEvent, headers.values(), shared),
        **_exported_items("personas", Persona, headers.values(), shared),
        **sections,
    }


def _exported_items(
    key: str,
    model: type[WorldEvent] | type[Persona],
    headers: Iterable[_ExportedHeader],
    shared: _ExportedHeader,
) -> dict[str, list[dict[str, Any]]]:
    """The header's ``events`` or ``personas`` (``key``) as written (in their order, dates
    relative to ``now``), put back together from the services that hold them; none: no key."""
    indexed = sorted((i, item) for header in headers for i, item in header.items[key])
    if not indexed:
        return {}
    context = {"now": datetime.fromisoformat(shared.now), "tz": clock.zone(shared.timezone)}
    return {
        key: [
            model.model_validate(item).model_dump(
                mode="json", context=context, exclude_defaults=True
            )
            for _i, item in indexed
        ]
    }


@dataclass(frozen=True)
class _ExportedHeader:
    """The task-wide header a service's DB was seeded with (its ``_meta``)."""

    now: str
    timezone: str
    logins: tuple[str, ...] | None
    clock: str = "frozen"
    items: dict[str, list[tuple[int, dict[str, Any]]]] = field(default_factory=dict)
    """The service's world events and personas (by header key), each with its index there."""


def _check_shared(
    headers: Mapping[str, _ExportedHeader],
    what: str,
    show: Callable[[_ExportedHeader], str],
    settings: Settings,
) -> None:
    """Refuse DBs whose headers differ in ``what`` (as ``show`` tells it)."""
    if len({show(header) for header in headers.values()}) > 1:
        seeded = ", ".join(f"{name}: {show(header)}" for name, header in headers.items())
        raise SeedError(
            f"{settings.data_dir}: the DBs were seeded with different {what} ({seeded}); "
            "export the services one by one"
        )


def _export(spec: SeededService, settings: Settings) -> tuple[_ExportedHeader, dict[str, Any]]:
    """The header a service's DB was seeded with, and the DB as a seed document; the DB file
    is opened read-only and left byte for byte as it was."""
    path = settings.db_path(spec.name)
    if not path.exists():
        raise SeedError(f"{path}: no such DB; seed the {spec.name} service first")
    engine = make_engine(path, read_only=True)
    try:
        meta = read_meta(engine)
        if "seed_hash" not in meta:
            raise SeedError(f"{path}: not a seeded DB; seed the {spec.name} service first")
        logins = tuple(json.loads(meta["logins"])) if "logins" in meta else None
        header = _ExportedHeader(
            meta["now"],
            meta.get("timezone", "UTC"),
            logins,
            meta.get("clock", "frozen"),
            {key: json.loads(meta.get(key, "[]")) for key in ("events", "personas")},
        )
        ctx = SeedContext(
            spec.name,
            datetime.fromisoformat(header.now),
            clock.zone(header.timezone),
            str(path),
        )
        with Session(engine) as session:
            seed = spec.dump(session, ctx)
    finally:
        engine.dispose()
    seed.faults = [FaultRule.model_validate(f) for f in json.loads(meta.get("faults", "[]"))]
    notifications = json.loads(meta.get("notifications", "null"))
    seed.notifications = NotificationTarget.model_validate(notifications) if notifications else None
    seed.max_body_bytes = int(meta["max_body_bytes"]) if "max_body_bytes" in meta else None
    seed.mcp = McpToolSet.model_validate_json(meta["mcp"]) if "mcp" in meta else None
    seed.audit_reads = meta.get("audit_reads") == "1"
    document = seed.model_dump(mode="json", context=ctx.pydantic_context, exclude_defaults=True)
    return header, document
