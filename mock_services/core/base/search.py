"""Text search in SQL that ignores case in every script, as users expect, not only in ASCII.

SQLite's ``lower()``, ``LIKE`` and ``NOCASE`` fold ASCII letters only, so "ÉTÉ" would not find
"été". Every service connection gets a ``casefold(text)`` SQL function (Python's
``str.casefold``) and ``contains_text`` compares through it; ``%`` and ``_`` in what users
type are plain characters, not wildcards.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func
from sqlalchemy.sql.elements import ColumnElement

SQL_FUNCTION = "casefold"


def casefold(value: Any) -> Any:
    """``casefold(x)`` in SQL: text folded for caseless matching; other values unchanged."""
    return value.casefold() if isinstance(value, str) else value


def contains_text(column: Any, text: str) -> ColumnElement[bool]:
    """``column`` contains ``text``, ignoring case."""
    return func.instr(getattr(func, SQL_FUNCTION)(column), text.casefold()) > 0
