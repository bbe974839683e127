"""Rows as SQLite stores them and as the mapped classes hold them, converted the way
SQLAlchemy converts them (its column types' processors), for code that reads and writes rows
with plain sqlite3: the values it stores are byte for byte the ORM's."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import JSON, Table
from sqlalchemy.dialects import sqlite
from sqlalchemy.types import TypeEngine

Processor = Callable[[Any], Any] | None
DIALECT = sqlite.dialect()
"""The dialect every service engine uses (pysqlite, default storage formats)."""
_DEFAULT_DATETIME_FORMAT: str = sqlite.DATETIME._storage_format
_JSON_TYPES = (dict, list, str, int, float, bool, type(None))


def _one_shot_dumps() -> Callable[[Any], str]:
    """``json.dumps`` with its default options, its C encoder made once instead of on every
    call (two fifths of the cost of dumping a row); a cycle raises RecursionError."""
    make_encoder = json.encoder.c_make_encoder  # type: ignore[attr-defined]  # not in typeshed
    if make_encoder is None:  # a Python built without the json module's C part
        return json.dumps
    defaults = json.JSONEncoder()
    encode = make_encoder(
        None,  # no markers: no check for cycles, which stored rows and parsed bodies lack
        defaults.default,
        json.encoder.encode_basestring_ascii,
        defaults.indent,
        defaults.key_separator,
        defaults.item_separator,
        defaults.sort_keys,
        defaults.skipkeys,
        defaults.allow_nan,
    )
    return lambda value: "".join(encode(value, 0))


_dumps = _one_shot_dumps()


def _stored_json(orm: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """JSON's processor without its wrapping: the ORM stores a plain value as ``json.dumps``
    of it (None as JSON null); its sentinels (``JSON.NULL``, ``null()``) take the ORM's path."""

    def process(value: Any) -> Any:
        return _dumps(value) if type(value) in _JSON_TYPES else orm(value)

    return process


def _stored_datetime(orm: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """DATETIME's processor as one call for a naive datetime: its default storage format is
    ``isoformat(" ", "microseconds")``; anything else (a date, an aware datetime) takes the
    ORM's path."""

    def process(value: Any) -> Any:
        if type(value) is datetime and value.tzinfo is None:
            return value.isoformat(" ", "microseconds")
        return orm(value)

    return process


def _bind_processor(kind: TypeEngine[Any]) -> Processor:
    """How the ORM turns a Python value of ``kind`` into what SQLite stores, with one-call
    paths for the two it is slowest at (the audit log's JSON and timestamps)."""
    orm = kind.bind_processor(DIALECT)
    if orm is None:
        return None
    if isinstance(kind, JSON) and DIALECT._json_serializer is None:
        return _stored_json(orm)
    if isinstance(kind, sqlite.DATETIME) and kind._storage_format == _DEFAULT_DATETIME_FORMAT:
        return _stored_datetime(orm)
    return orm


@cache
def column_codecs(table: Table) -> dict[str, tuple[Processor, Processor]]:
    """Per column: how SQLAlchemy turns a Python value into what SQLite stores, and back."""
    types = {column.name: column.type.dialect_impl(DIALECT) for column in table.columns}
    return {
        name: (_bind_processor(kind), kind.result_processor(DIALECT, None))
        for name, kind in types.items()
    }


@cache
def _binds(table: Table) -> dict[str, Processor]:
    return {name: codecs[0] for name, codecs in column_codecs(table).items()}


@cache
def _results(table: Table) -> dict[str, Processor]:
    return {name: codecs[1] for name, codecs in column_codecs(table).items()}


def stored_as(table: Table, column: str) -> Callable[[Any], Any]:
    """How a value of ``table.column`` is stored, as one function (the identity if as is)."""
    process = _binds(table)[column]
    return (lambda value: value) if process is None else process


def encoded(table: Table, values: dict[str, Any]) -> list[Any]:
    """``values`` (column name -> Python value) as SQLite stores them, in their order."""
    binds = _binds(table)
    return [
        value if (process := binds[name]) is None else process(value)
        for name, value in values.items()
    ]


def decoded(table: Table, row: sqlite3.Row) -> dict[str, Any]:
    """A stored row of ``table`` as the mapped class holds it (datetimes, booleans, JSON)."""
    results = _results(table)
    names = row.keys()  # a Row iterates over its values
    return {
        name: value if (process := results[name]) is None else process(value)
        for name, value in zip(names, row, strict=True)
    }
