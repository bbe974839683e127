"""Real values of a service's default data for the arguments that name a seeded thing (an
order's ``code``, a ``product_id``), so that the guide's examples are calls that reach
something instead of ``/api/orders/string/cancel``.

A value is picked from the table the argument names (``order_id``: ``orders``; ``code`` in
``/api/orders/{code}``: ``orders.code``), preferring a row of the guide's user (alice) and,
for a later path parameter, a row under the earlier ones (the item of that report).
"""

from __future__ import annotations

import sqlite3
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from mock_services.core.base.clock import DEFAULT_NOW
from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeededService, build_service_db, install_db

EXAMPLE_USER = "alice"
EXAMPLE_PASSWORD = "alice-pass"  # every default data set's password for alice
NATURAL_KEYS = ("code", "sku", "reference", "username")
"""Body fields that name a seeded thing by its natural key (ids are known by their ``_id``)."""
_ROWS_PER_TABLE = 500
_USERS = "users"
Row = dict[str, Any]


@dataclass(frozen=True)
class SeededValues:
    """The rows of a seeded DB (the first few hundred of each table) and its foreign keys."""

    tables: Mapping[str, list[Row]]
    foreign_keys: Mapping[str, Mapping[str, str]]  # table -> column -> the table it points at
    caller_id: int | None
    now: datetime = DEFAULT_NOW

    def arguments(self, path: str, names: Sequence[str]) -> dict[str, Any]:
        """A seeded value for each of ``names`` (arguments of the route at ``path``, its path
        parameters first) that names a seeded thing; the others are left out."""
        return next(self.alternatives(path, names))

    def alternatives(self, path: str, names: Sequence[str]) -> Iterator[dict[str, Any]]:
        """``arguments``, then the same with the first seeded argument taken from each other
        row of its table in turn (the caller's first), for a call the first row refuses."""
        if "password" in names:  # the login route: the guide's user
            yield {"username": EXAMPLE_USER, "password": EXAMPLE_PASSWORD}
            return
        first = next((n for n in names if self._table_and_column(n, path)), None)
        found = first and self._table_and_column(first, path)
        rows = self._ranked(found[0], []) if found else [None]
        for row in rows:
            yield self._values(path, names, first, row)

    def _values(
        self, path: str, names: Sequence[str], first: str | None, first_row: Row | None
    ) -> dict[str, Any]:
        chosen: list[tuple[str, Row]] = []
        values: dict[str, Any] = {}
        for name in names:
            found = self._table_and_column(name, path)
            row = found and (first_row if name == first else self._pick(found[0], chosen))
            if found and row and row.get(found[1]) is not None:
                chosen.append((found[0], row))
                values[name] = row[found[1]]
        return values

    def column_value(
        self, name: str, path: str, accepts: Callable[[Any], bool], pick: int | None = 0
    ) -> Any:
        """A seeded value ``accepts`` takes of a column called ``name`` (or the name of the
        thing a ``<name>_id`` column points at: a message's ``folder``): from the table of
        the path's last segment, then of its area, then any. ``pick`` 0 is the caller's first
        such value, 1 its next; ``None`` another user's first. None if there is none."""
        segments = [s for s in path.removeprefix("/api/").split("/") if "{" not in s]
        places = [self._table_named("", s) for s in (segments[-1:] + segments[:1])]
        columns: list[tuple[str, str]] = []
        for table in dict.fromkeys([*filter(None, places), *self.tables]):
            target = self.foreign_keys.get(table, {}).get(f"{name}_id")
            columns += [(table, name)] + ([(target, "name")] if target else [])
        for table, column in columns:
            rows = self.tables.get(table, [])
            if not rows or column not in rows[0]:
                continue
            owned = [r for r in rows if self._owned(table, r, 3)]
            others = [r for r in rows if r not in owned]
            ordered = owned + others if pick is not None else others + owned
            found = list(dict.fromkeys(r[column] for r in ordered if accepts(r[column])))
            if found:
                return found[min(pick or 0, len(found) - 1)]
        return None

    def _table_and_column(self, name: str, path: str) -> tuple[str, str] | None:
        """The table and column a value of argument ``name`` comes from, if it names one: a
        table's id (``order_id``), a column of that name (``code`` in /api/orders/{code}), or
        the natural key of the table a ``<name>_id`` column points at (``origin``: an
        airport's code)."""
        segment = _segment_before(path, name)
        is_id = name == "id" or name.endswith("_id")
        if is_id:
            stem = name.removesuffix("id").removesuffix("_")
            table = self._table_named(stem.split("_")[-1] if stem else "", segment)
            if table:
                return table, "id"
        area = path.removeprefix("/api/").split("/")[0]
        places = [self._table_named("", segment), self._table_named("", area), *self.tables]
        tables = [t for t in dict.fromkeys(places) if t and self.tables[t]]
        if is_id or segment is not None or name in NATURAL_KEYS:
            found = next((t for t in tables if name in self.tables[t][0]), None)
            if found:
                return found, name
        for table in tables:
            target = self.foreign_keys.get(table, {}).get(f"{name}_id")
            key = next((k for k in NATURAL_KEYS if target and k in self.tables[target][0]), None)
            if target and key:
                return target, key
        return None

    def _table_named(self, stem: str, segment: str | None) -> str | None:
        """The table of a thing called ``stem`` (``method``: ``payment_methods``), else the
        one of the path's ``segment`` (``items``: ``cart_items``; ``doses``: ``dose_logs``;
        ``purchase-orders``: ``purchase_orders``)."""
        segment = segment.replace("-", "_") if segment else segment
        plurals = {stem + "s", stem + "es", stem.removesuffix("y") + "ies"} if stem else set()
        for table in self.tables:
            if any(table == p or table.endswith("_" + p) for p in plurals):
                return table
        for table in self.tables:
            if segment and (
                table == segment
                or table.endswith("_" + segment)
                or table.startswith(segment.removesuffix("s") + "_")
            ):
                return table
        return None

    def _pick(self, table: str, chosen: list[tuple[str, Row]]) -> Row | None:
        """The first row of ``table`` under the rows already ``chosen`` and the caller's (for
        the users table: another user), as far as some row is."""
        return next(iter(self._ranked(table, chosen)), None)

    def _ranked(self, table: str, chosen: list[tuple[str, Row]]) -> list[Row]:
        """The rows of ``table``, those under the rows already ``chosen`` and the caller's
        first (for the users table: the other users only)."""
        rows = self.tables.get(table, [])
        taken = [row for chosen_table, row in chosen if chosen_table == table]
        rows = [row for row in rows if row not in taken] or rows
        if table == _USERS:
            return [r for r in rows if r["id"] != self.caller_id]
        ranks: tuple[Callable[[Row], bool], ...] = (
            lambda r: self._under(table, r, chosen) and self._owned(table, r, 3),
            lambda r: self._under(table, r, chosen),
            lambda r: self._owned(table, r, 3),
            lambda r: True,
        )
        return sorted(rows, key=lambda r: next(i for i, rank in enumerate(ranks) if rank(r)))

    def _under(self, table: str, row: Row, chosen: list[tuple[str, Row]]) -> bool:
        """Whether ``row`` points at every chosen row its foreign keys can point at."""
        links = self.foreign_keys.get(table, {})
        return all(
            row.get(column) == other["id"]
            for other_table, other in chosen
            for column, target in links.items()
            if target == other_table
        )

    def _owned(self, table: str, row: Row, depth: int) -> bool:
        """Whether ``row`` belongs to the caller, directly or through the rows it points at."""
        for column, target in self.foreign_keys.get(table, {}).items():
            if target == _USERS and row.get(column) == self.caller_id:
                return True
            if target != _USERS and depth > 1 and row.get(column) is not None:
                parent = next(
                    (r for r in self.tables.get(target, []) if r["id"] == row[column]), None
                )
                if parent is not None and self._owned(target, parent, depth - 1):
                    return True
        return False


def _segment_before(path: str, name: str) -> str | None:
    """The path segment before ``{name}`` (``orders`` for ``code`` in /api/orders/{code})."""
    parts = path.split("/")
    marker = "{" + name + "}"
    return parts[parts.index(marker) - 1] if marker in parts else None


_SCRATCH_LOCK = threading.Lock()


@cache
def _scratch_folder(service: str) -> tempfile.TemporaryDirectory[str]:
    """A folder removed when the process ends (kept alive by this cache until then)."""
    return tempfile.TemporaryDirectory(prefix=f"{service}-examples-")


def scratch_settings(spec: SeededService) -> Settings:
    """A scratch data folder holding ``spec``'s default data, seeded once per process: the
    guide's examples read and run there, never on the served DB."""
    with _SCRATCH_LOCK:
        folder = _scratch_folder(spec.name)
        settings = Settings(data_dir=Path(folder.name))
        if not settings.pristine_path(spec.name).exists():
            default = spec.default_seed()  # ours: the route checks have nothing to check
            source = f"{spec.name} default seed"
            built = build_service_db(spec, default, settings, source=source, checks=())
            install_db(built, settings, spec.name)
        return settings


@cache
def default_values(spec: SeededService) -> SeededValues:
    """The values of ``spec``'s default data (its scratch copy's seeded state)."""
    return read_values(scratch_settings(spec).pristine_path(spec.name), spec)


def read_values(db_file: Path, spec: SeededService) -> SeededValues:
    """The rows (the first few hundred of each table) of ``db_file``, a DB of ``spec``."""
    tables = spec.base.metadata.sorted_tables
    connection = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
    connection.row_factory = sqlite3.Row
    try:
        rows = {
            table.name: [
                dict(row)
                for row in connection.execute(
                    f'SELECT * FROM "{table.name}" ORDER BY '
                    + ", ".join(f'"{c.name}"' for c in table.primary_key.columns)
                    + f" LIMIT {_ROWS_PER_TABLE}"
                )
            ]
            for table in tables
        }
    finally:
        connection.close()
    foreign_keys = {
        table.name: {fk.parent.name: fk.column.table.name for fk in table.foreign_keys}
        for table in tables
    }
    caller = next(
        (u["id"] for u in rows.get(_USERS, []) if u.get("username") == EXAMPLE_USER), None
    )
    return SeededValues(rows, foreign_keys, caller, _seeded_now(db_file))


def _seeded_now(db_file: Path) -> datetime:
    """The clock the DB was seeded with (its ``_meta`` row ``now``)."""
    connection = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
    try:
        row = connection.execute("SELECT value FROM _meta WHERE key = 'now'").fetchone()
    finally:
        connection.close()
    return datetime.fromisoformat(row[0]) if row else DEFAULT_NOW
