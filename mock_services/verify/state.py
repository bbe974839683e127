"""Read-only access to a service's DB and its diff against the pristine seed.

Each service keeps ``$MOCK_DATA_DIR/<service>.db`` and, next to it, ``<service>.seed.db``: the
state right after seeding. ``diff_service("shop")`` compares the two table by table, by
primary key, so a verifier can say what the agent added, changed and removed, and that nothing
else changed. The core's bookkeeping tables are left out unless asked for. Diff rows and
``query()`` rows carry decoded values: a JSON column (``to_addresses``) is a list or dict,
never its raw text.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mock_services.core.base.settings import resolve_data_dir
from mock_services.core.data.audit_ids import CHANGES_VIEW, JSON_CHANGE_COLUMNS
from mock_services.core.data.world_marks import MARKS_TABLE
from mock_services.verify.evidence import failed_on_rows, rows_read, watch_tables
from mock_services.verify.unknown import UnknownName, closest

CORE_TABLES = (
    "_meta",
    "_audit_requests",
    CHANGES_VIEW,  # a view of _audit_requests' changes, one row each
    "_fault_counters",
    "_mcp_sessions",
    MARKS_TABLE,  # the agent phase's start and end, the calls events count: not the agent's
    "_persona_turns",  # what reached a persona: read by said_to, not a change of the agent's
)
Row = dict[str, Any]


def data_dir() -> Path:
    """Where the services keep their DBs, resolved as they resolve it (``$MOCK_DATA_DIR``, else
    ``/var/lib/mock-data`` when writable, else the per-user folder)."""
    return resolve_data_dir()


def db_path(service: str, *, seed: bool = False, directory: Path | None = None) -> Path:
    name = f"{service}.seed.db" if seed else f"{service}.db"
    return (directory or data_dir()) / name


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A ``mode=ro`` connection: a verifier cannot change what it checks."""
    if not path.exists():
        raise FileNotFoundError(
            f"{path}: no such DB; is MOCK_DATA_DIR ({path.parent}) where the service keeps it?"
        )
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    conn.row_factory = sqlite3.Row
    return conn


def seeded_meta(service: str, key: str, *, directory: Path | None = None) -> str | None:
    """A value the seeding kept in ``service``'s DB (``_meta``: its events, personas, whether
    it logs reads), or None when the seed gave none."""
    conn = connect_read_only(db_path(service, directory=directory))
    try:
        row = conn.execute("SELECT value FROM _meta WHERE key = ?", (key,)).fetchone()
    finally:
        conn.close()
    return row[0] if row else None


@contextmanager
def _watched(
    service: str, seed: bool, directory: Path | None
) -> Iterator[tuple[sqlite3.Connection, set[str]]]:
    """The DB read-only, with the set of tables its statements read (a checkpoint's
    evidence, noted while one runs; the seed is no agent's doing, so its reads are not)."""
    conn = connect_read_only(db_path(service, seed=seed, directory=directory))
    try:
        yield conn, set() if seed else watch_tables(conn)
    finally:
        conn.close()


@contextmanager
def service_db(
    service: str, *, seed: bool = False, directory: Path | None = None
) -> Iterator[sqlite3.Connection]:
    """``with service_db("shop") as db: db.execute(...)``: the live (or seed) DB, read-only."""
    with _watched(service, seed, directory) as (conn, tables):
        try:
            yield conn
        finally:
            for table in sorted(tables):
                rows_read(service, table, None)


def query(
    service: str,
    sql: str,
    params: Iterable[Any] = (),
    *,
    seed: bool = False,
    directory: Path | None = None,
) -> list[Row]:
    """Rows of one read-only query, as dicts. A selected column named as a JSON column (one
    declared JSON in every table that has a column of that name) comes back decoded, a list or
    dict as in the diff rows, never its raw text to iterate character by character; an
    expression or an alias stays as SQLite answers it, and so do dates (text)."""
    with _watched(service, seed, directory) as (db, tables):
        cursor = db.execute(sql, tuple(params))
        names = [column[0] for column in cursor.description or []]
        decoded = set(names) & json_named_columns(db)
        found = [decode_row(dict(row), decoded) for row in cursor]
    # the rows by id where the query read one table and selected its ids
    ids = [row["id"] for row in found] if "id" in names and len(tables) == 1 else None
    for table in sorted(tables):
        rows_read(service, table, ids)
    return found


# --- diffs ----------------------------------------------------------------------------------


@dataclass
class Change:
    """A row present before and after with different values (both decoded)."""

    key: tuple[Any, ...]
    before: Row
    after: Row

    @property
    def fields(self) -> dict[str, tuple[Any, Any]]:
        """Only the columns that changed: ``{column: (before, after)}``."""
        return {
            k: (self.before.get(k), v) for k, v in self.after.items() if self.before.get(k) != v
        }


@dataclass
class TableDiff:
    table: str
    key_columns: list[str] = field(default_factory=list)
    added: list[Row] = field(default_factory=list)
    changed: list[Change] = field(default_factory=list)
    removed: list[Row] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.added or self.changed or self.removed)

    def key(self, item: Row | Change) -> tuple[Any, ...]:
        """The primary key of an added or removed row, or of a change (``(None,)`` where
        the table has none)."""
        if isinstance(item, Change):
            return item.key
        return tuple(item.get(k) for k in self.key_columns) or (None,)

    def summary(self) -> str:
        return f"{self.table}: +{len(self.added)} ~{len(self.changed)} -{len(self.removed)}"


@dataclass
class DbDiff:
    service: str
    tables: dict[str, TableDiff]

    def table(self, name: str) -> TableDiff:
        """The diff of one table; ``UnknownName`` when neither DB has it."""
        if name not in self.tables:
            core = " (the core's tables need include_core=True)" if name in CORE_TABLES else ""
            raise UnknownName(
                f"no table {name!r} in {self.service}{core}; {closest(name, self.tables)}"
            )
        return self.tables[name]

    def added(self, table: str) -> list[Row]:
        return self.table(table).added

    def changed(self, table: str) -> list[Change]:
        return self.table(table).changed

    def removed(self, table: str) -> list[Row]:
        return self.table(table).removed

    @property
    def touched(self) -> list[str]:
        return sorted(name for name, diff in self.tables.items() if diff)

    def unexpected(self, allowed: dict[str, Iterable[str]] | Iterable[str]) -> list[str]:
        """What changed beyond ``allowed``: table names, or {table: kinds} with kinds among
        "added", "changed", "removed". Empty means nothing else changed."""
        if isinstance(allowed, dict):
            permitted = {t: set(kinds) for t, kinds in allowed.items()}
        else:
            permitted = {t: {"added", "changed", "removed"} for t in allowed}
        for name in permitted:
            self.table(name)
        problems = []
        for name in self.touched:
            diff, kinds = self.tables[name], permitted.get(name, set())
            for kind in ("added", "changed", "removed"):
                rows = getattr(diff, kind)
                if rows and kind not in kinds:
                    problems.append(f"{name}: {len(rows)} row(s) {kind}")
                    failed_on_rows(self.service, name, [diff.key(row) for row in rows])
        return problems

    def nothing_else_changed(self, allowed: dict[str, Iterable[str]] | Iterable[str]) -> bool:
        return not self.unexpected(allowed)

    def summary(self) -> str:
        touched = [self.tables[name].summary() for name in self.touched]
        return f"{self.service}: " + ("; ".join(touched) if touched else "no changes")


def _tables(conn: sqlite3.Connection) -> list[str]:
    """The DB's tables, and the audit log's view of its changes (keyed and typed below)."""
    rows = conn.execute(
        "SELECT name FROM sqlite_master WHERE (type = 'table' AND name NOT LIKE 'sqlite_%') "
        "OR (type = 'view' AND name = ?)",
        (CHANGES_VIEW,),
    )
    return sorted(row[0] for row in rows)


def _key_columns(conn: sqlite3.Connection, table: str) -> list[str]:
    if table == CHANGES_VIEW:  # a view declares no key: its id is one
        return ["id"]
    info = conn.execute(f'PRAGMA table_info("{table}")').fetchall()
    keys = sorted((row["pk"], row["name"]) for row in info if row["pk"])
    return [name for _, name in keys]


def _declared_type(table: str, column: sqlite3.Row) -> str:
    """A column's declared type (``PRAGMA table_info``), upper case; the audit log's view
    declares none, its ``before`` and ``after`` are JSON."""
    if table == CHANGES_VIEW and column["name"] in JSON_CHANGE_COLUMNS:
        return "JSON"
    return (column["type"] or "").upper()


def json_columns(conn: sqlite3.Connection, table: str) -> set[str]:
    """Columns declared JSON (SQLAlchemy's ``JSON`` type): stored as text, read decoded."""
    info = conn.execute(f'PRAGMA table_info("{table}")').fetchall()
    return {row["name"] for row in info if _declared_type(table, row) == "JSON"}


def json_named_columns(conn: sqlite3.Connection) -> set[str]:
    """Column names that are JSON in every table that has them (unambiguous by name alone)."""
    types: dict[str, set[str]] = {}
    for table in _tables(conn):
        for row in conn.execute(f'PRAGMA table_info("{table}")'):
            types.setdefault(row["name"], set()).add(_declared_type(table, row))
    return {name for name, declared in types.items() if declared == {"JSON"}}


def decode_row(row: Row, json_names: Iterable[str]) -> Row:
    """``row`` with each JSON column's text decoded (NULL stays None)."""
    decoded = dict(row)
    for name in json_names:
        if isinstance(decoded.get(name), str | bytes):
            decoded[name] = json.loads(decoded[name])
    return decoded


def _rows(conn: sqlite3.Connection, table: str) -> dict[tuple[Any, ...], Row]:
    keys = _key_columns(conn, table)
    select = "*" if keys else "rowid AS _rowid_, *"
    decoded = json_columns(conn, table)
    rows = {}
    for row in conn.execute(f'SELECT {select} FROM "{table}"'):
        values = decode_row(dict(row), decoded)
        key = tuple(values[k] for k in keys) if keys else (values.pop("_rowid_"),)
        rows[key] = values
    return rows


def diff_databases(
    service: str,
    before: sqlite3.Connection,
    after: sqlite3.Connection,
    *,
    include_core: bool = False,
) -> DbDiff:
    tables: dict[str, TableDiff] = {}
    tables_before, tables_after = set(_tables(before)), set(_tables(after))
    for table in sorted(tables_before | tables_after):
        if not include_core and table in CORE_TABLES:
            continue
        old = _rows(before, table) if table in tables_before else {}
        new = _rows(after, table) if table in tables_after else {}
        diff = TableDiff(table, _key_columns(after if table in tables_after else before, table))
        diff.added = [new[k] for k in new.keys() - old.keys()]
        diff.removed = [old[k] for k in old.keys() - new.keys()]
        diff.changed = [
            Change(k, old[k], new[k]) for k in old.keys() & new.keys() if old[k] != new[k]
        ]
        for rows in (diff.added, diff.removed):
            rows.sort(key=lambda r: repr(sorted(r.items())))
        diff.changed.sort(key=lambda c: repr(c.key))
        tables[table] = diff
    return DbDiff(service, tables)


def diff_service(
    service: str, *, directory: Path | None = None, include_core: bool = False
) -> DbDiff:
    """The live ``<service>.db`` against its pristine ``<service>.seed.db``."""
    with (
        service_db(service, seed=True, directory=directory) as before,
        service_db(service, directory=directory) as after,
    ):
        return diff_databases(service, before, after, include_core=include_core)
