"""Rows as SQLite stores them and as the mapped classes hold them, converted the way
SQLAlchemy converts them (its column types' processors), for code that reads and writes rows
with plain sqlite3: the values it stores are byte for byte the ORM's."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import cache
from typing import Any

from sqlalchemy import Table
from sqlalchemy.dialects import sqlite

Processor = Callable[[Any], Any] | None
DIALECT = sqlite.dialect()
"""The dialect every service engine uses (pysqlite, default storage formats)."""


def _apply(processor: Processor, value: Any) -> Any:
    return value if processor is None else processor(value)


@cache
def column_codecs(table: Table) -> dict[str, tuple[Processor, Processor]]:
    """Per column: how SQLAlchemy turns a Python value into what SQLite stores, and back."""
    types = {column.name: column.type.dialect_impl(DIALECT) for column in table.columns}
    return {
        name: (kind.bind_processor(DIALECT), kind.result_processor(DIALECT, None))
        for name, kind in types.items()
    }


def encoded(table: Table, values: dict[str, Any]) -> list[Any]:
    """``values`` (column name -> Python value) as SQLite stores them, in their order."""
    codecs = column_codecs(table)
    return [_apply(codecs[name][0], value) for name, value in values.items()]


def decoded(table: Table, row: sqlite3.Row) -> dict[str, Any]:
    """A stored row of ``table`` as the mapped class holds it (datetimes, booleans, JSON)."""
    codecs = column_codecs(table)
    names = row.keys()  # a Row iterates over its values
    return {name: _apply(codecs[name][1], value) for name, value in zip(names, row, strict=True)}
