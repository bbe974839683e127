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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mock_services.core.service import ServiceSpec

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

    def arguments(self, path: str, names: Sequence[str]) -> dict[str, Any]:
        """A seeded value for each of ``names`` (arguments of the route at ``path``, its path
        parameters first) that names a seeded thing; the others are left out."""
        if "password" in names:  # the login route: the guide's user
            return {"username": EXAMPLE_USER, "password": EXAMPLE_PASSWORD}
        chosen: list[tuple[str, Row]] = []
        values: dict[str, Any] = {}
        for name in names:
            found = self._table_and_column(name, path)
            row = found and self._pick(found[0], chosen)
            if found and row and row.get(found[1]) is not None:
                chosen.append((found[0], row))
                values[name] = row[found[1]]
        return values

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
        one of the path's ``segment`` (``items``: ``cart_items``; ``doses``: ``dose_logs``)."""
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
        rows = self.tables.get(table, [])
        taken = [row for chosen_table, row in chosen if chosen_table == table]
        rows = [row for row in rows if row not in taken] or rows
        if table == _USERS:
            return next((r for r in rows if r["id"] != self.caller_id), None)
        for under in (
            lambda r: self._under(table, r, chosen) and self._owned(table, r, 3),
            lambda r: self._under(table, r, chosen),
            lambda r: self._owned(table, r, 3),
        ):
            row = next((r for r in rows if under(r)), None)
            if row is not None:
                return row
        return rows[0] if rows else None

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


@cache
def default_values(spec: ServiceSpec) -> SeededValues:
    """The values of ``spec``'s default data, seeded once per process into a scratch folder."""
    from mock_services.core.seeding import build_service_db
    from mock_services.core.settings import Settings

    with tempfile.TemporaryDirectory(prefix=f"{spec.name}-examples-") as scratch:
        built = build_service_db(spec, spec.default_seed(), Settings(data_dir=Path(scratch)))
        return read_values(built, spec)


def read_values(db_file: Path, spec: ServiceSpec) -> SeededValues:
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
    return SeededValues(rows, foreign_keys, caller)
