"""What each checkpoint looked at: the audit entries (calls) it read and the ones it matched,
and the tables (rows where known) it read, noted by the SDK's readers while the checkpoint
runs and written to ``reward_meta.json`` as the checkpoint's ``evidence``:

    {"calls": [{"service": "shop", "id": 3, "matched": true}, ...],
     "state": [{"service": "shop", "table": "orders", "rows": ["1"]}, ...]}

``computed`` / ``cached`` (only where there are some): the verifier's cached helpers
(``functools.cache`` functions of its module) the checkpoint ran, or whose cached answers it
reused; what a helper read is listed once, under the checkpoint that ran it.

``failed_on`` (only where there is some): what a rule of the SDK found wrong while the
checkpoint ran, the calls (``never_called``'s hits and the other process rules') and the rows
(``expect_changes``' surprises, ``DbDiff.unexpected``'s rows) by id, as the audit log names them
("6,1" for a composite key), so a page can point a failing checkpoint at the calls that wrote
them: ``{"calls": [{"service": "shop", "id": 4}], "rows": [{"service": "shop", "table":
"orders", "rows": ["3"]}]}``.

``matched``: a reader that picks entries (``calls``, ``attempted``, ``performed``, ``writes``,
the process rules' hits) returned it; the others were read and passed over. ``rows`` None: the
whole table was read (a diff against the seed, a query without an ``id`` column). Both lists
empty and no cached helper reused: the checkpoint read neither the audit log nor a table (an
output file, say). A folder without ``evidence`` predates this record.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from mock_services.core.base.schemas import AuditEntry

_CORE_PREFIXES = ("_", "sqlite_")
"""Tables that are no agent's state: the core's bookkeeping and SQLite's own."""


@dataclass
class Evidence:
    """What one checkpoint read, in the order it first read it."""

    calls: dict[tuple[str, int], bool] = field(default_factory=dict)
    """(service, audit id) -> matched."""
    tables: dict[tuple[str, str], set[str] | None] = field(default_factory=dict)
    """(service, table) -> the row ids read, None for the whole table."""
    computed: list[str] = field(default_factory=list)
    """The verifier's cached helpers (``functools.cache``) it ran: their reads are its own."""
    cached: list[str] = field(default_factory=list)
    """The cached helpers whose answers it reused: it read what they read, once, under the
    checkpoint that ``computed`` them."""
    failed_calls: dict[tuple[str, int], None] = field(default_factory=dict)
    """(service, audit id) of each call a rule found wrong, in order."""
    failed_rows: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    """(service, table) -> the ids of the rows a rule found not as expected."""

    def as_meta(self) -> dict[str, Any]:
        failed = {
            "calls": [{"service": service, "id": entry} for service, entry in self.failed_calls],
            "rows": [
                {"service": service, "table": table, "rows": sorted(rows, key=_row_order)}
                for (service, table), rows in self.failed_rows.items()
            ],
        }
        return {
            **({"computed": self.computed} if self.computed else {}),
            **({"cached": self.cached} if self.cached else {}),
            **({"failed_on": failed} if self.failed_calls or self.failed_rows else {}),
            "calls": [
                {"service": service, "id": entry, "matched": matched}
                for (service, entry), matched in self.calls.items()
            ],
            "state": [
                {
                    "service": service,
                    "table": table,
                    "rows": None if rows is None else sorted(rows, key=_row_order),
                }
                for (service, table), rows in self.tables.items()
            ],
        }


_CURRENT: ContextVar[Evidence | None] = ContextVar("verify_evidence", default=None)


@contextmanager
def recording() -> Iterator[Evidence]:
    """Note what the SDK's readers read until the block ends (one checkpoint's run)."""
    evidence = Evidence()
    token = _CURRENT.set(evidence)
    try:
        yield evidence
    finally:
        _CURRENT.reset(token)


Helpers = dict[str, Callable[..., Any]]
"""A verifier's cached helpers by name: the ``functools.cache`` functions of its module."""


def cached_helpers(check: Callable[..., Any]) -> Helpers:
    """The cached helpers of the module ``check`` is defined in."""
    names = getattr(check, "__globals__", {})
    return {
        name: value
        for name, value in names.items()
        if callable(value) and callable(getattr(value, "cache_info", None))
    }


@contextmanager
def watching_helpers(helpers: Helpers, evidence: Evidence) -> Iterator[None]:
    """Note in ``evidence`` which of ``helpers`` ran (a cache miss) and which answered from
    their cache (a hit) while the block runs."""
    before = {name: helper.cache_info() for name, helper in helpers.items()}  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for name, helper in helpers.items():
            now = helper.cache_info()  # type: ignore[attr-defined]
            if now.misses > before[name].misses:
                evidence.computed.append(name)
            if now.hits > before[name].hits:  # also where it ran it for other arguments
                evidence.cached.append(name)


def examined(service: str, entries: Iterable[AuditEntry]) -> None:
    """Audit entries read (``audit_log``)."""
    evidence = _CURRENT.get()
    if evidence is not None:
        for entry in entries:
            evidence.calls.setdefault((service, entry.id), False)


def matched(service: str, entries: Iterable[AuditEntry]) -> None:
    """Audit entries a reader picked out of those it read."""
    evidence = _CURRENT.get()
    if evidence is not None:
        for entry in entries:
            evidence.calls[(service, entry.id)] = True


def failed_on_calls(service: str, entries: Iterable[AuditEntry]) -> None:
    """Audit entries a rule found wrong (a call it forbids, a refused one, one as another
    user)."""
    evidence = _CURRENT.get()
    if evidence is not None:
        for entry in entries:
            evidence.failed_calls[(service, entry.id)] = None


def failed_on_rows(service: str, table: str, keys: Iterable[tuple[Any, ...]]) -> None:
    """Rows a rule found not as expected (an unexpected row or field), by their primary key
    values; a row without one (``(None,)``) cannot be named and is left out."""
    evidence = _CURRENT.get()
    if evidence is None:
        return
    ids = {",".join(str(part) for part in key) for key in keys if key and None not in key}
    if ids:
        evidence.failed_rows.setdefault((service, table), set()).update(ids)


def rows_read(service: str, table: str, row_ids: Iterable[object] | None) -> None:
    """Rows of ``table`` read (None: the whole table); a table once read whole stays so."""
    evidence = _CURRENT.get()
    if evidence is None or table.startswith(_CORE_PREFIXES):
        return
    key = (service, table)
    if row_ids is None:
        evidence.tables[key] = None
    elif key not in evidence.tables or evidence.tables[key] is not None:
        known = evidence.tables.setdefault(key, set())
        assert known is not None
        known.update(str(r) for r in row_ids)


def watch_tables(conn: sqlite3.Connection) -> set[str]:
    """While recording, note each table a statement on ``conn`` reads; returns the set the
    watch fills, the tables of the statements run so far (empty when not recording)."""
    seen: set[str] = set()
    if _CURRENT.get() is None:
        return seen

    def authorise(action: int, table: str | None, *_: Any) -> int:
        if action == sqlite3.SQLITE_READ and table and not table.startswith(_CORE_PREFIXES):
            seen.add(table)
        return sqlite3.SQLITE_OK

    conn.set_authorizer(authorise)
    return seen


def _row_order(row_id: str) -> tuple[int, str]:
    return (int(row_id), "") if row_id.isdigit() else (0, row_id)
