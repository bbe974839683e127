"""Process rules from the audit log: what an instruction forbids, checked even when the end
state hides it (a bag added then removed, a call made as another user).

Only mutating requests are audited (refused ones included), so a rule speaks of POST, PUT,
PATCH and DELETE calls. A route is ``"METHOD /path"`` with shell wildcards:
``"POST /api/orders/*/cancel"``, ``"* /api/bookings*"``; the query string is ignored.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from fnmatch import fnmatchcase
from pathlib import Path

from mock_services.core.base.schemas import AuditEntry
from mock_services.core.data.world_marks import WORLD_VIA
from mock_services.verify.audit import attempted, audit_log
from mock_services.verify.evidence import failed_on_calls, matched
from mock_services.verify.findings import Findings
from mock_services.verify.names import check_names, route_pattern

CLIENT_ERRORS = range(400, 500)


def route_matches(entry: AuditEntry, route: str) -> bool:
    method, path = route_pattern(route)
    return (method == "*" or entry.method == method) and fnmatchcase(
        entry.path.split("?", 1)[0], path
    )


def describe(entry: AuditEntry) -> str:
    who = entry.username or "nobody logged in"
    what = f"{entry.operation} ({entry.method} {entry.path} via {entry.via})"
    return f"call {entry.id} {what if entry.operation else what[1:-1]} -> {entry.status} as {who}"


def _entries(service: str, directory: Path | None) -> list[AuditEntry]:
    """The agent's calls: the world's (its events, its personas' answers) are not the agent's."""
    return [e for e in audit_log(service, directory=directory) if e.via != WORLD_VIA]


def never_called(service: str, *routes: str, directory: Path | None = None) -> Findings:
    """No call to any of ``routes``, whatever it answered (a refused attempt counts too)."""
    if not routes:
        raise ValueError("never_called: name at least one route")
    check_names(service, *routes, directory=directory)
    hits = [e for e in _entries(service, directory) if any(route_matches(e, r) for r in routes)]
    matched(service, hits)
    failed_on_calls(service, hits)
    return Findings(f"{service}: never {' or '.join(routes)}", [describe(e) for e in hits])


def never_performed(service: str, *operations: str, directory: Path | None = None) -> Findings:
    """No request asked for any of ``operations`` through any channel (API route, MCP tool,
    web form), whatever it answered (a refused attempt counts too)."""
    hits = attempted(service, *operations, directory=directory)
    failed_on_calls(service, hits)
    return Findings(f"{service}: never {' or '.join(operations)}", [describe(e) for e in hits])


def no_refused_calls(
    service: str,
    *,
    statuses: Container[int] = CLIENT_ERRORS,
    except_routes: Iterable[str] = (),
    directory: Path | None = None,
) -> Findings:
    """No call answered with a status in ``statuses`` (default 4xx), but on ``except_routes``
    (a login the instruction expects to fail, say)."""
    allowed = list(except_routes)
    check_names(service, *allowed, directory=directory)
    refused = [
        e
        for e in _entries(service, directory)
        if e.status is not None
        and e.status in statuses
        and not any(route_matches(e, r) for r in allowed)
    ]
    matched(service, refused)
    failed_on_calls(service, refused)
    return Findings(f"{service}: no refused call", [describe(e) for e in refused])


def all_calls_as(service: str, username: str, *, directory: Path | None = None) -> Findings:
    """Every audited call made by a logged-in user was made as ``username`` (logins are not
    audited; ``"seeded logins"`` in the task seed keep other accounts locked)."""
    others = [
        e for e in _entries(service, directory) if e.username is not None and e.username != username
    ]
    matched(service, others)
    failed_on_calls(service, others)
    return Findings(f"{service}: every call as {username}", [describe(e) for e in others])
