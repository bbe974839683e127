"""A 404 that says how a kind of row is addressed when a path's key has the wrong shape for it:
``POST /api/orders/9/cancel`` is answered "orders are addressed by code, e.g. 'ORD-100009'; no
order '9'". (Text where a route takes a number is ``unrouted.misaddressed``'s.)"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from mock_services.core.base.errors import NotFound


class RowReader(Protocol):
    def one(self, sql: str, params: Sequence[Any] = ...) -> sqlite3.Row | None: ...


class CallerRows(Protocol):
    """What an addressing reads of a request (a handler's ``Ctx``): plain rows, as the caller."""

    @property
    def db(self) -> RowReader: ...

    @property
    def user_id(self) -> int: ...


@dataclass(frozen=True)
class Addressed:
    """A kind of row that paths name by a code (``orders`` by ``code``, ``ORD-100009``)."""

    kind: str  # "order"
    by: str  # what names it in paths: "code", "reference"
    shape: str  # a regular expression every key fits (case ignored)
    sample: str  # an example key, when the caller has none of their own
    table: str
    owner_column: str  # the column holding the owner's user id
    hint: str  # where to find them: "list yours with GET /api/orders"

    def not_found(self, ctx: CallerRows, key: str) -> NotFound:
        """The 404 for ``key``; a key of the wrong shape (a number where a code is expected) is
        told how this kind is addressed, with an example from the caller's own rows."""
        missing = f"no {self.kind} {key!r}; {self.hint}"
        if re.fullmatch(self.shape, key.strip(), re.IGNORECASE):
            return NotFound(missing)
        example = self._example(ctx, key) or self.sample
        return NotFound(f"{self.kind}s are addressed by {self.by}, e.g. {example!r}; {missing}")

    def _example(self, ctx: CallerRows, key: str) -> str | None:
        """The caller's row whose id ``key`` is, else their latest one, by its key."""
        select = f"SELECT {self.by} FROM {self.table} WHERE {self.owner_column} = ?"
        key = key.strip()
        an_id = key.isascii() and key.isdigit() and len(key) < 19  # fits SQLite's integers
        row = ctx.db.one(f"{select} AND id = ?", (ctx.user_id, int(key))) if an_id else None
        row = row or ctx.db.one(f"{select} ORDER BY id DESC LIMIT 1", (ctx.user_id,))
        return row[0] if row is not None else None
