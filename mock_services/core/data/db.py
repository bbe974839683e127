"""SQLite engines and the tables every service DB carries next to its own."""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import (
    JSON,
    Connection,
    Engine,
    Index,
    Integer,
    String,
    Table,
    create_engine,
    event,
    text,
)
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.pool import PoolProxiedConnection, QueuePool
from sqlalchemy.schema import CreateIndex, CreateTable

from mock_services.core.base import search
from mock_services.core.data.audit_ids import CHANGES_VIEW, CHANGES_VIEW_SQL
from mock_services.core.data.world_marks import MARKS_TABLE

BUSY_TIMEOUT_MS = 10_000
WAL_CHECKPOINT_PAGES = 3_000
"""How many pages the WAL holds before a commit copies them into the DB file (SQLite's default
is 1,000). A checkpoint costs two fsyncs however few pages it copies, some milliseconds that
the committing request waits and every other writer with it; an audited write puts two pages
in the WAL (its row's and its audit request's, which holds its changes) where a plain one puts
one, so at the default it would pay a checkpoint twice as often per request (three pages a
write when this was set: its changes had a table of their own)."""


class CoreBase(DeclarativeBase):
    """Tables of the core: service metadata, the audit log, fault counters."""


class CoreViewBase(DeclarativeBase):
    """Views of the core, mapped for reading: ``create_tables`` makes each from its SQL."""


class Meta(CoreBase):
    """Key/value facts about the DB: the seed's ``now`` and time zone, its hash, the service."""

    __tablename__ = "_meta"
    key: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[str] = mapped_column(String)


class RevokedToken(CoreBase):
    """A bearer token ended by logout (by its session id): refused from then on."""

    __tablename__ = "_revoked_tokens"
    sid: Mapped[str] = mapped_column(String, primary_key=True)


MCP_SESSION_KEY = "mock_services.mcp_session"  # WSGI environ: a tool call's McpSession hash


class McpSession(CoreBase):
    """The bearer token an MCP session's login tool got, by the session id's SHA-256. A tool
    call's request reads it in its own transaction (see ``Runtime.authenticate``)."""

    __tablename__ = "_mcp_sessions"
    session_hash: Mapped[str] = mapped_column(String, primary_key=True)
    token: Mapped[str]


class UndeliveredMail(CoreBase):
    """A notification the email service did not take, and why (also in the request's audit)."""

    __tablename__ = "_undelivered_mail"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    request_id: Mapped[int | None]
    email_url: Mapped[str]
    recipients: Mapped[Any] = mapped_column(JSON)
    subject: Mapped[str]
    reason: Mapped[str]


class AuditRequest(CoreBase):
    """One mutating HTTP request (or a logged read), with the clock tick it ran at."""

    __tablename__ = "_audit_requests"
    # Only a world event's rows are looked up by event: the index leaves the others out, so an
    # ordinary write changes one page of this table, not three (no index on tick either: the
    # last tick is the last row's).
    __table_args__ = (
        Index("ix__audit_requests_event", "event", sqlite_where=text("event IS NOT NULL")),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # the clock tick: the requests served so far, this one included when it was (answered
    # below 400); a refused one keeps the last tick, so it moves no clock; never lower than
    # the row before's
    tick: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime]
    method: Mapped[str]
    path: Mapped[str]
    operation: Mapped[str | None]  # the API operation, whatever the channel (route, tool, form)
    params: Mapped[Any] = mapped_column(JSON, nullable=True)  # the route's path parameters
    username: Mapped[str | None]
    status: Mapped[int | None]
    body: Mapped[Any] = mapped_column(JSON, nullable=True)
    via: Mapped[str] = mapped_column(String, server_default="http")  # or "mcp" (a tool call)
    fault: Mapped[str | None]  # the seed's fault rule that fired on it ("faults[0]"), if any
    # the seed's world event it performed (via "world"), if any: each occurrence is one row
    event: Mapped[str | None] = mapped_column(String)
    # the rows it added, changed or removed, in order: [[table, row id, action, before, after],
    # ...] (NULL: none), read one by one through the view _audit_changes (AuditChange)
    changes: Mapped[Any] = mapped_column(JSON, nullable=True)
    # the host's real time when it was logged (ns since the epoch): the order of requests to
    # different services, whose ids and task clocks are each their own
    logged_ns: Mapped[int | None]
    # the host's real time when the service received the request: what the agent could have
    # known when it sent it is what other requests answered before this
    received_ns: Mapped[int | None]


class AuditChange(CoreViewBase):
    """A row a request added, changed or removed, with its values before and after; its id
    places it among its request's changes (``change_ids``). A view of the requests' stored
    changes (``audit_ids.CHANGES_VIEW_SQL``): read-only."""

    __tablename__ = CHANGES_VIEW
    __table_args__ = {"info": {"view": CHANGES_VIEW_SQL}}
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    request_id: Mapped[int]
    table: Mapped[str] = mapped_column("table_name", String)
    row_id: Mapped[str]
    action: Mapped[str]  # "insert" | "update" | "delete"
    before: Mapped[Any] = mapped_column(JSON, nullable=True)
    after: Mapped[Any] = mapped_column(JSON, nullable=True)


class WorldMark(CoreBase):
    """A fact of the running world every worker shares: when the agent phase started and
    ended (``agent_started_ns``, ``agent_started_tick``, ``agent_ended_ns``) and how many
    times the agent has made each operation-triggered event's call (``calls:<event id>``)."""

    __tablename__ = MARKS_TABLE
    name: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[int]


class PersonaTurn(CoreBase):
    """A message of the agent's that reached a persona: what it said, and how the persona
    answered (its rule and words; None: it stayed silent)."""

    __tablename__ = "_persona_turns"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    persona: Mapped[str] = mapped_column(String, index=True)
    request_id: Mapped[int]  # the agent's request that carried the message
    heard: Mapped[str]
    rule: Mapped[str | None]
    said: Mapped[str | None]


class FaultCounter(CoreBase):
    """How many requests a fault rule has matched so far (shared by all workers)."""

    __tablename__ = "_fault_counters"
    rule: Mapped[int] = mapped_column(Integer, primary_key=True)
    hits: Mapped[int] = mapped_column(Integer, default=0)


def _pragmas(building: bool, read_only: bool) -> tuple[str, ...]:
    if read_only:  # only what leaves the file as it is (journal_mode = WAL would rewrite it)
        return (f"busy_timeout = {BUSY_TIMEOUT_MS}",)
    if building:  # a private temporary file, renamed into place once complete: no journal needed
        return (
            "journal_mode = OFF",
            "synchronous = OFF",
            "foreign_keys = OFF",  # checked once the rows are in: see seeding.check_references
            "cache_size = -65536",
            "temp_store = MEMORY",
            "locking_mode = EXCLUSIVE",
        )
    return (
        f"busy_timeout = {BUSY_TIMEOUT_MS}",
        "journal_mode = WAL",
        "synchronous = NORMAL",
        "foreign_keys = ON",
        f"wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}",
    )


def make_engine(path: Path, *, building: bool = False, read_only: bool = False) -> Engine:
    """An engine on one service DB: WAL, busy timeout, explicit read or write transactions.

    ``building`` is for the seeding layer's temporary file: no journal, no fsync.
    ``read_only`` opens the file as it is, for readers that must not change a byte of it
    (export, ``mock-services list``).
    """
    engine = create_engine(
        f"sqlite:///file:{quote(str(path))}?mode=ro&uri=true" if read_only else f"sqlite:///{path}",
        poolclass=QueuePool,
        pool_size=4,
        max_overflow=8,
        connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000},
    )
    pragmas = _pragmas(building, read_only)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        # The driver's own transaction handling is switched off so that "begin" below decides:
        # writers take the lock up front (BEGIN IMMEDIATE) instead of failing on upgrade.
        dbapi_connection.isolation_level = None
        for pragma in pragmas:
            dbapi_connection.execute(f"PRAGMA {pragma}")
        dbapi_connection.create_function(
            search.SQL_FUNCTION, 1, search.casefold, deterministic=True
        )

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        # Straight to the driver: SQLAlchemy's statement path costs more than the BEGIN itself.
        # A request's Transaction has begun already when its ORM session joins it.
        driver = conn.connection.driver_connection
        if not driver.in_transaction:
            mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
            driver.execute(f"BEGIN {mode}")

    return engine


def table_of(model: type[DeclarativeBase]) -> Table:
    """The ``Table`` a model maps (SQLAlchemy types ``__table__`` as any ``FromClause``)."""
    table = model.__table__
    if not isinstance(table, Table):
        raise TypeError(f"{model.__name__} maps {table!r}, expected a Table")
    return table


def sqlite_driver(pooled: PoolProxiedConnection) -> sqlite3.Connection:
    """The sqlite3 connection under a pooled one (SQLAlchemy types it as any driver's)."""
    driver = pooled.driver_connection
    if not isinstance(driver, sqlite3.Connection):
        raise TypeError(f"expected a sqlite3 connection under the pool, got {driver!r}")
    return driver


def write_engine(engine: Engine) -> Engine:
    """The same engine, beginning every transaction with the write lock held."""
    return engine.execution_options(sqlite_begin="IMMEDIATE")


def _tables(service_base: type[DeclarativeBase]) -> list[Table]:
    return [*CoreBase.metadata.sorted_tables, *service_base.metadata.sorted_tables]


def core_views() -> list[Table]:
    """The core's views, as tables to read (``CoreViewBase``)."""
    return CoreViewBase.metadata.sorted_tables


def create_tables(connection: Connection, service_base: type[DeclarativeBase]) -> None:
    """The core's and the service's tables, without their secondary indexes (see below), and
    the core's views."""
    for table in _tables(service_base):
        connection.execute(CreateTable(table))
    for view in core_views():
        connection.exec_driver_sql(view.info["view"])


def create_indexes(connection: Connection, service_base: type[DeclarativeBase]) -> None:
    """The tables' secondary indexes: built once the rows are in, faster than row by row."""
    for table in _tables(service_base):
        for index in sorted(table.indexes, key=lambda i: str(i.name)):
            connection.execute(CreateIndex(index))


def missing_columns(engine: Engine, service_base: type[DeclarativeBase]) -> list[str]:
    """The tables and columns of the service's models that the DB lacks (``items.renewals``):
    a DB seeded before the models changed, which every query would fail on."""
    missing = []
    with engine.connect() as conn:
        for table in [*_tables(service_base), *core_views()]:
            rows = conn.exec_driver_sql(f'PRAGMA table_info("{table.name}")').all()
            present = {row[1] for row in rows}
            if not present:
                missing.append(table.name)
                continue
            missing += [f"{table.name}.{c.name}" for c in table.columns if c.name not in present]
    return missing


def read_meta(engine: Engine) -> dict[str, str]:
    with engine.connect() as conn:
        try:
            rows = conn.exec_driver_sql("SELECT key, value FROM _meta").all()
        except OperationalError:  # no _meta table: the DB was never seeded
            return {}
    return {key: value for key, value in rows}


def file_identity(path: str | Path) -> tuple[int, int] | None:
    """``(device, inode)`` of the file at ``path``, None if there is none: a DB installed
    by a seed is a new file at the same path."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino
