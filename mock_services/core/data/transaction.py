"""One request's transaction on one pooled SQLite connection.

A handler reads plain rows through it (``one``, ``all``: sqlite3 with no ORM, a twentieth of
the ORM's cost for a read by id) and mapped objects through ``session``, which is opened only
when asked for; both run in the same SQLite transaction. ``update`` changes a row without the
ORM and records it in the audit log exactly as the ORM's unit of work would.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, Select, Table, event
from sqlalchemy.orm import Session
from sqlalchemy.pool import PoolProxiedConnection

from mock_services.core.base.row_codec import DIALECT, decoded, encoded
from mock_services.core.base.settings import CHECK_FIXED_PARTS_VARIABLE
from mock_services.core.base.write_lock import WriteLock
from mock_services.core.data.audit import CHANGES_KEY, Change, install_audit, plain
from mock_services.core.data.db import sqlite_driver

_T = TypeVar("_T")

KEPT_CONNECTIONS, KEPT_PER_CONNECTION = 64, 256
"""Connections ``Transaction.until_changed`` keeps values for, and values per connection: all
forgotten when full."""
_KEPT: dict[int, tuple[sqlite3.Connection, dict[str, tuple[tuple[int, int], Any]]]] = {}
"""``until_changed``'s values, by the id of the connection they were read on (the connection
held with them, so that no other takes its id while they are kept)."""


class IdleConnections(list[PoolProxiedConnection]):
    """Connections kept between transactions (see ``Transaction``), of one open DB file: once
    it is ``retire``d (the file was replaced), a connection given back is closed instead."""

    retired = False

    def give_back(self, pooled: PoolProxiedConnection) -> None:
        if self.retired:
            pooled.invalidate()  # closes the driver's connection at once
        else:
            self.append(pooled)

    def retire(self) -> None:
        self.retired = True
        while self:
            self.pop().invalidate()


class Transaction:
    """Begun on creation (``BEGIN IMMEDIATE`` for a writer: it holds the write lock from the
    start); ``commit`` or ``close`` (or the end of its ``with`` block) ends it and gives the
    connection back.

    ``idle`` keeps connections between transactions, taken from the engine's pool once and
    never returned to it: taking one from the list costs a fiftieth of a pool checkout
    (8 us, a twentieth of a plain GET's time). A writer given ``write_lock`` queues there
    before it asks SQLite for the lock, and leaves the queue when it closes.
    ``single_statements`` begins no transaction: each read is one on its own (a single
    lookup costs two statements less). A writer made with ``begun=False`` reads that way too
    until ``begin`` queues and takes the lock: what a write asks before it changes anything
    (who its caller is) then holds no other writer back."""

    file_identity: object = None
    """The identity of the DB file its connection is on, for a writer begun later (see
    ``Runtime.begin_write``)."""

    def __init__(
        self,
        engine: Engine,
        *,
        write: bool,
        audited: bool = False,
        idle: IdleConnections | None = None,
        write_lock: WriteLock | None = None,
        single_statements: bool = False,
        begun: bool = True,
    ) -> None:
        if write and single_statements:
            raise ValueError("a write runs in one transaction: single_statements is for reads")
        self._engine = engine
        self._audited = audited
        self._idle = idle
        try:
            self._pooled = idle.pop() if idle is not None else engine.raw_connection()
        except IndexError:
            self._pooled = engine.raw_connection()
        self.raw = sqlite_driver(self._pooled)
        self._write = write
        self._write_lock: WriteLock | None = None
        self._queue = write_lock if write else None
        self._connection: Connection | None = None
        self._session: Session | None = None
        self.changes: list[Change] = []
        """Rows this transaction added, changed or removed (when audited)."""
        self._kept: dict[str, Any] = {}
        self._changes_at_begin = -1
        self._state: tuple[int, int] | None = None
        if begun and not single_statements:
            try:
                self.begin()
            except BaseException:
                self._give_back()
                raise

    def begin(self) -> None:
        """Begin the transaction: a writer first waits in the writers' queue, if it has one,
        then takes SQLite's write lock (``BEGIN IMMEDIATE``)."""
        if self._queue is not None:
            self._queue.acquire()
            self._write_lock = self._queue  # held: given back by ``close``
        self.raw.execute("BEGIN IMMEDIATE" if self._write else "BEGIN")
        self._changes_at_begin = self.raw.total_changes

    def __enter__(self) -> Transaction:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @property
    def session(self) -> Session:
        """An ORM session in this transaction (the engine's ``begin`` hook sees the open one)."""
        if self._session is None:
            self._connection = Connection(self._engine, self._pooled)
            self._session = Session(self._connection, expire_on_commit=False)
            if self._audited:
                self._session.info[CHANGES_KEY] = self.changes
                install_audit(self._session)
            event.listen(self._session, "after_flush", lambda *_: self._kept.clear())
        return self._session

    def once(self, key: str, compute: Callable[[], _T]) -> _T:
        """``compute()``, run once in this transaction for ``key``: later calls answer the
        value it gave, until the transaction writes (an ORM flush, which pending changes get
        here first as before a query, or ``update``), which forgets every value kept. Opens no
        ORM session: a request that reads plain rows only pays for none."""
        self.flush()
        if key not in self._kept:
            self._kept[key] = compute()
        value: _T = self._kept[key]
        return value

    def until_changed(self, key: str, compute: Callable[[], _T]) -> _T:
        """``compute()``, run once for ``key`` while the DB stays as it is: later read
        transactions on the same connection answer the value it gave until any connection
        commits a change (SQLite's ``data_version``, asked inside this transaction, so it
        names the state its reads see) or this one changed rows (its ``total_changes``). For
        what depends on the DB's rows alone (``key`` names anything else it depends on, a
        caller's id): a form's long choice lists. The value is shared by later requests, so it
        must not be changed (a tuple). A writer, a transaction that changed rows and one of
        single statements (no snapshot) compute it once in the transaction (``once``).
        ``$MOCK_CHECK_FIXED_PARTS`` (the test suite) computes it every time and fails a value
        unlike the one kept: its key misses what it depends on."""
        raw = self.raw
        if self._write or not raw.in_transaction or raw.total_changes != self._changes_at_begin:
            return self.once(key, compute)
        if self._state is None:
            (version,) = raw.execute("PRAGMA data_version").fetchone()
            self._state = (version, self._changes_at_begin)
        held = _KEPT.get(id(raw))
        if held is None or held[0] is not raw:
            if len(_KEPT) >= KEPT_CONNECTIONS:
                _KEPT.clear()
            held = _KEPT[id(raw)] = (raw, {})
        values = held[1]
        kept = values.get(key)
        if kept is not None and kept[0] == self._state:
            value: _T = kept[1]
            if os.environ.get(CHECK_FIXED_PARTS_VARIABLE) == "1" and compute() != value:
                raise RuntimeError(
                    f"until_changed({key!r}): a value unlike the one kept for the same DB "
                    "state; its key misses something it depends on"
                )
            return value
        if len(values) >= KEPT_PER_CONNECTION:
            values.clear()
        value = compute()
        values[key] = (self._state, value)
        return value

    def one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        """The first row of ``sql`` (columns by name or position), or None."""
        row: sqlite3.Row | None = self._cursor(sql, params).fetchone()
        return row

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return self._cursor(sql, params).fetchall()

    def _cursor(self, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
        if self._session is not None:
            self._session.flush()  # the ORM's pending changes are visible to plain reads too
        cursor = self.raw.cursor()
        cursor.row_factory = sqlite3.Row
        return cursor.execute(sql, params)

    def update(self, table: Table, key: int, values: dict[str, Any]) -> dict[str, Any] | None:
        """Set ``values`` (Python values, as the mapped class takes them) on the row of
        ``table`` whose primary key is ``key``; returns its values after, or None if there is
        no such row. An audited transaction records the change as the ORM would."""
        before_row = self.one(_row_sql(table), (key,))
        if before_row is None:
            return None
        before = decoded(table, before_row)
        after = before | values
        if after != before:
            self.raw.execute(_update_sql(table, tuple(values)), (*encoded(table, values), key))
            self._kept.clear()
            if self._audited:
                plain_before = {k: plain(v) for k, v in before.items()}
                plain_after = plain_before | {k: plain(v) for k, v in values.items()}
                self.changes.append((table.name, str(key), "update", plain_before, plain_after))
        return after

    def flush(self) -> None:
        if self._session is not None:
            self._session.flush()

    def commit(self) -> None:
        if self._session is not None:
            self._session.commit()  # flushes, then commits the one DBAPI transaction
        else:
            self.raw.execute("COMMIT")

    def close(self) -> None:
        """Roll back whatever was not committed and give the connection back."""
        if self._session is not None:
            self._session.close()
        self._give_back()

    def _give_back(self) -> None:
        if self.raw.in_transaction:
            self.raw.rollback()  # before the writers' queue lets the next one in
        if self._write_lock is not None:
            self._write_lock.release()
            self._write_lock = None
        if self._idle is not None:
            self._idle.give_back(self._pooled)  # its Connection, if any, is dropped, not closed
        elif self._connection is not None:
            self._connection.close()
        else:
            self._pooled.close()


@cache
def _row_sql(table: Table) -> str:
    (pk,) = table.primary_key.columns
    return f'SELECT * FROM "{table.name}" WHERE "{pk.name}" = ?'


@cache
def _update_sql(table: Table, names: tuple[str, ...]) -> str:
    (pk,) = table.primary_key.columns
    assignments = ", ".join(f'"{name}" = ?' for name in names)
    return f'UPDATE "{table.name}" SET {assignments} WHERE "{pk.name}" = ?'


@dataclass(frozen=True)
class PlainStatement:
    """A SQLAlchemy statement compiled once to SQLite's SQL, to run as a plain row read
    (``ctx.db.one(stmt.sql, stmt.params(...))``): a rule written once as an expression serves
    the ORM's queries and plain reads alike."""

    sql: str
    names: tuple[str, ...]
    constants: dict[str, Any]

    @classmethod
    def of(cls, stmt: Select[Any]) -> PlainStatement:
        compiled = stmt.compile(dialect=DIALECT)
        return cls(str(compiled), tuple(compiled.positiontup or ()), dict(compiled.params))

    def params(self, **values: Any) -> list[Any]:
        """The statement's positional parameters: ``values`` by name, the rest its constants."""
        every = self.constants | values
        return [every[name] for name in self.names]
