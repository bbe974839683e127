"""One request's transaction on one pooled SQLite connection.

A handler reads plain rows through it (``one``, ``all``: sqlite3 with no ORM, a twentieth of
the ORM's cost for a read by id) and mapped objects through ``session``, which is opened only
when asked for; both run in the same SQLite transaction. ``update`` changes a row without the
ORM and records it in the audit log exactly as the ORM's unit of work would.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, Select, Table, event
from sqlalchemy.orm import Session
from sqlalchemy.pool import PoolProxiedConnection

from mock_services.core.base.row_codec import DIALECT, decoded, encoded
from mock_services.core.base.write_lock import WriteLock
from mock_services.core.data.audit import CHANGES_KEY, Change, install_audit, plain
from mock_services.core.data.db import sqlite_driver

_T = TypeVar("_T")


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
