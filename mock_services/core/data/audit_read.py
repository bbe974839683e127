"""Pages of the audit log in plain SQL, for the admin API (through its session) and for the
verifier SDK (through a read-only ``sqlite3`` connection), which then need neither Flask nor
the ORM: a verifier starts in a fraction of the time."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from mock_services.core.base.clock import iso
from mock_services.core.base.schemas import AUDIT_PAGE_SIZE, AuditChangeOut, AuditEntry

# runs one statement with named parameters (``:since``), returns its rows as sequences
Run = Callable[[str, dict[str, Any]], Iterable[Sequence[Any]]]

REQUESTS = (
    "SELECT id, at, method, path, operation, params, username, status, body, via, fault, "
    "event, logged_ns, received_ns, changes "
    "FROM _audit_requests "
    "WHERE id > :since ORDER BY id LIMIT :limit"
)


@dataclass
class AuditPage:
    """Up to ``limit`` audit entries; ``next_since`` is where the next page starts, if any."""

    entries: list[AuditEntry]
    next_since: int | None


def session_runner(session: Any) -> Run:
    """``run`` over a SQLAlchemy session, inside its transaction."""
    from sqlalchemy import text

    return lambda sql, params: session.execute(text(sql), params)


def _json(value: Any) -> Any:
    """A JSON column's value: SQLite stores a column declared JSON with numeric affinity, so a
    bare number (a request body of ``3.5``) comes back as a number, not as its text."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def audit_page(run: Run, since: int = 0, limit: int = AUDIT_PAGE_SIZE) -> AuditPage:
    """The requests after ``since``, oldest first, with the rows each one changed."""
    requests = list(run(REQUESTS, {"since": since, "limit": limit + 1}))
    more = len(requests) > limit
    requests = requests[:limit]
    entries = [
        AuditEntry(
            id=id_,
            at=iso(at if isinstance(at, datetime) else datetime.fromisoformat(at)) or "",
            method=method,
            path=path,
            operation=operation,
            params=_json(params) or {},
            username=username,
            status=status,
            body=_json(body),
            via=via,
            fault=fault,
            event=event,
            logged_ns=logged_ns,
            received_ns=received_ns,
            changes=[
                AuditChangeOut(table=t, row_id=r, action=a, before=b, after=af)
                for t, r, a, b, af in _json(changes) or ()
            ],
        )
        for (
            id_,
            at,
            method,
            path,
            operation,
            params,
            username,
            status,
            body,
            via,
            fault,
            event,
            logged_ns,
            received_ns,
            changes,
        ) in requests
    ]
    return AuditPage(entries, requests[-1][0] if more else None)
