"""The per-process state of one service: its DB engines, clock, secrets and fault rules."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from flask import Request
from pydantic import ValidationError
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from mock_services.core.base import clock
from mock_services.core.base.current import RUNTIME_KEY
from mock_services.core.base.errors import ApiError, NotReady, SeedOutdated, Unauthorized
from mock_services.core.base.mcp_toolset import McpToolSet
from mock_services.core.base.settings import NOTIFICATIONS_VARIABLE, Settings
from mock_services.core.base.write_lock import WriteLock
from mock_services.core.data.audit import (
    ELAPSED_KEY,
    audit_entry,
    insert_audit_request,
    mark_logged,
    moves_clock,
    next_audit_slot,
)
from mock_services.core.data.db import (
    BUSY_TIMEOUT_MS,
    file_identity,
    make_engine,
    missing_columns,
    read_meta,
    write_engine,
)
from mock_services.core.data.faults import FaultInjector, FaultRule
from mock_services.core.data.transaction import IdleConnections, Transaction
from mock_services.core.seeding.seed import NotificationTarget
from mock_services.core.spec.service import ServiceSpec
from mock_services.core.web.authenticator import Authenticator
from mock_services.core.web.routes import operation_routes, read_routes
from mock_services.core.web.world import World, world_of


@dataclass(frozen=True)
class OpenDb:
    """The service DB as opened: its engines, the connections kept between transactions, and
    which file they are on."""

    engine: Engine
    writer: Engine
    idle: IdleConnections
    identity: tuple[int, int]

    def close(self) -> None:
        """Close its idle connections now, and those in use as they are given back."""
        self.idle.retire()
        self.engine.dispose()


def default_notifications(settings: Settings) -> NotificationTarget | None:
    """The wiring for a seed that declares none (``Settings.notifications``), if any."""
    if settings.notifications is None:
        return None
    try:
        return NotificationTarget.model_validate_json(settings.notifications)
    except ValidationError as exc:
        raise ValueError(
            f"${NOTIFICATIONS_VARIABLE}: expected a 'notifications' object as JSON "
            f'({{"email_url": "http://127.0.0.1:5001"}}); {exc}'
        ) from None


class Runtime:
    """Opens the service DB lazily: a service is ready once its DB exists and was seeded.

    A seed installs a new DB file at the DB's path: a worker open on the old one reopens it
    before its next transaction (a writer checks with the writers' lock held, which a seed
    takes to swap the file), so nothing is read from or written to a replaced file."""

    def __init__(self, spec: ServiceSpec, settings: Settings) -> None:
        self.spec = spec
        self.settings = settings
        self._path = str(settings.db_path(spec.name))  # os.stat takes a str fastest
        self._lock = threading.Lock()
        self._db: OpenDb | None = None
        self._write_lock = WriteLock(settings.writers_lock_path(spec.name), BUSY_TIMEOUT_MS / 1000)
        self.clock: clock.Clock
        self.faults: FaultInjector | None = None
        self.world: World | None = None
        self.notifications: NotificationTarget | None = None
        self._seeded_body_limit: int | None = None
        self.mcp_toolset: McpToolSet | None = None
        self.audit_reads = False
        self._stale: str | None = None  # why the DB there cannot be served, if it cannot
        self.auth = Authenticator(spec, settings)
        self._default_notifications = default_notifications(settings)

    @property
    def ready(self) -> bool:
        return self._opened() is not None

    def _opened(self) -> OpenDb | None:
        """The open DB, opened first if need be; None until it exists and was seeded."""
        if (db := self._db) is not None:
            return db
        with self._lock:
            if self._db is None:
                self._db = self._open()
            return self._db

    def _open(self) -> OpenDb | None:
        identity = file_identity(self._path)  # before the file is opened: see _current
        if identity is None:
            return None
        engine = make_engine(Path(self._path))
        meta = read_meta(engine)
        if "seed_hash" not in meta:
            engine.dispose()
            return None
        missing = missing_columns(engine, self.spec.base)
        if missing:
            engine.dispose()
            self._stale = (
                f"the {self.spec.name} DB at {self._path} was seeded before the service's "
                f"tables changed (it lacks {', '.join(missing[:5])}); seed it again: "
                f"'mock-services seed {self.spec.name}'"
            )
            return None
        self._stale = None
        base = self.settings.now_override or datetime.fromisoformat(meta["now"])
        mode: clock.ClockMode = "running" if meta.get("clock") == "running" else "frozen"
        self.clock = clock.Clock(base, clock.zone(meta.get("timezone", "UTC")), mode)
        self.world = world_of(meta, self.clock, self.spec)
        writer = write_engine(engine)
        rules = [FaultRule.model_validate(r) for r in json.loads(meta.get("faults", "[]"))]
        self.faults = None
        if rules:
            operations = operation_routes(self.spec) + read_routes(self.spec)
            title = self.spec.title
            self.faults = FaultInjector(rules, self._write_transaction, operations, title)
        target = json.loads(meta.get("notifications", "null"))
        seeded = NotificationTarget.model_validate(target) if target else None
        moved = seeded.moved(self.settings.port_offset) if seeded else None
        self.notifications = moved or self._default_notifications
        self._seeded_body_limit = int(meta["max_body_bytes"]) if "max_body_bytes" in meta else None
        self.audit_reads = meta.get("audit_reads") == "1"
        mcp = meta.get("mcp")
        self.mcp_toolset = McpToolSet.model_validate_json(mcp) if mcp is not None else None
        return OpenDb(engine, writer, IdleConnections(), identity)

    def _current(self, db: OpenDb) -> OpenDb:
        """``db``, or the DB reopened if another file took its path since ``db`` was opened;
        NotReady if that one is missing or unseeded."""
        if file_identity(self._path) == db.identity:
            return db
        with self._lock:
            if self._db is db:
                self._db = None
                db.close()
        return self._required()

    def _required(self) -> OpenDb:
        db = self._opened()
        if db is None:
            if self._stale is not None:
                raise SeedOutdated(self._stale)
            raise NotReady(
                f"the {self.spec.name} service has no seeded DB yet; run "
                f"'mock-services seed {self.spec.name}'"
            )
        return db

    @property
    def max_body_bytes(self) -> int:
        """The request body limit: the seed's ``max_body_bytes``, else the service's own."""
        return (self.ready and self._seeded_body_limit) or self.spec.max_body_bytes

    @property
    def write_lock(self) -> WriteLock:
        """The queue this process's writers wait in (a thread holding it may take it again)."""
        return self._write_lock

    @property
    def engine(self) -> Engine:
        return self._required().engine

    @contextmanager
    def session(self, *, write: bool) -> Iterator[Session]:
        """An ORM session in one transaction (see ``transaction``): rolled back unless
        committed; writers hold the DB write lock from the start."""
        with self.transaction(write=write) as tx:
            yield tx.session

    def _write_transaction(self) -> Transaction:
        return self.transaction(write=True)

    def transaction(
        self,
        *,
        write: bool,
        audited: bool = False,
        single_statements: bool = False,
        begun: bool = True,
    ) -> Transaction:
        """One request's transaction (see ``Transaction``), for a ``with`` block: rolled back
        unless committed. Always on the file at the DB's path: a writer checks it once it
        holds the writers' lock, which a seed takes to replace the file. A writer made with
        ``begun=False`` is begun by ``begin_write``."""
        if not write:
            db = self._current(self._required())
            return Transaction(
                db.engine, write=False, idle=db.idle, single_statements=single_statements
            )
        while True:  # its file is checked once the writers' lock is held (``begin_write``)
            db = self._required()
            tx = Transaction(
                db.writer,
                write=True,
                audited=audited,
                idle=db.idle,
                write_lock=self._write_lock,
                begun=False,
            )
            tx.file_identity = db.identity
            if not begun or self.begin_write(tx):
                return tx

    def begin_write(self, tx: Transaction) -> bool:
        """Begin ``tx`` (a writer made with ``begun=False``): the writers' queue, then the
        write lock. False, with ``tx`` closed, if another file took the DB's path since its
        connection was opened (a seed replaced it): the DB is closed, and the transaction made
        again opens the file now at the path. (One ``stat`` per write: the file is not checked
        before the queue too.)"""
        tx.begin()
        if file_identity(self._path) == tx.file_identity:
            return True
        tx.close()
        with self._lock:  # the next transaction opens the file now at the path
            if self._db is not None and self._db.identity == tx.file_identity:
                self._db.close()
                self._db = None
        return False

    def record_request(self, request: Request, status: int) -> None:
        """Log a call its handler did not log: a refused write ("call 7 was refused with
        409"), which ticks no clock, or a read when the seed asks for ``audit_reads``."""
        if not self.ready:
            return
        entry, caller = audit_entry(request), None
        with self.transaction(write=False, single_statements=True) as tx, suppress(Unauthorized):
            caller = self.auth.authenticate(tx, request)  # asked before the writers' queue
        with self.transaction(write=True) as tx:
            slot = next_audit_slot(tx.raw, ticks=moves_clock(status))
            at = self.clock.at(slot.tick, request.environ.get(ELAPSED_KEY, 0)).replace(tzinfo=None)
            username = caller.username if caller is not None else None
            insert_audit_request(tx.raw, slot, entry, at, username, status)
            tx.commit()
        mark_logged(request)

    def reset_to_seed(self) -> None:
        """Copy the pristine seeded DB over the live one, in place, while serving."""
        restore_pristine(self.settings, self.spec.name)


def request_runtime(req: Request) -> Runtime:
    """The runtime of the service serving ``req`` (``RUNTIME_KEY``, set before any view)."""
    runtime: Runtime = req.environ[RUNTIME_KEY]
    return runtime


def restore_pristine(settings: Settings, service: str) -> None:
    pristine, live = settings.pristine_path(service), settings.db_path(service)
    if not pristine.exists():
        raise ApiError(
            f"{pristine}: no seeded copy to reset to; seed the service first",
            status=409,
            code="not_seeded",
        )
    source = sqlite3.connect(f"file:{pristine}?mode=ro", uri=True)
    target = sqlite3.connect(live, timeout=10)
    try:
        target.execute("PRAGMA busy_timeout = 10000")
        # A reset interrupted by a crash is simply run again, so it skips fsync; the passive
        # checkpoint moves the copied pages into the DB file without waiting for readers.
        target.execute("PRAGMA synchronous = OFF")
        source.backup(target)
        target.execute("PRAGMA wal_checkpoint(PASSIVE)")
    finally:
        source.close()
        target.close()
