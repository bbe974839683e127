"""The audit log of a service, read straight from its DB (read-only, as root in the container):
which request added, changed or removed which rows, and which operation it was.

A verifier asks by operation (``performed("shop", "cancel_order")``): the API route, its MCP
tool and its web form record the same one, so an agent may use any channel. Route strings
(``calls``) are for upstream tasks whose graders speak of routes."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.base.schemas import AUDIT_PAGE_MAX, AuditChangeOut, AuditEntry
from mock_services.core.data.audit_read import audit_page
from mock_services.verify.names import check_names, check_operations, service_names
from mock_services.verify.state import connect_read_only, db_path


def audit_log(
    service: str, *, since: int = 0, limit: int | None = None, directory: Path | None = None
) -> list[AuditEntry]:
    """Every mutating request after ``since`` (refused ones too), oldest first, read page by
    page; ``limit`` keeps only the first that many."""
    conn = connect_read_only(db_path(service, directory=directory))
    entries: list[AuditEntry] = []
    try:
        conn.execute("BEGIN")  # one read transaction: the pages agree with each other
        next_since: int | None = since
        while next_since is not None and (limit is None or len(entries) < limit):
            page = audit_page(conn.execute, next_since, AUDIT_PAGE_MAX)
            entries += page.entries
            next_since = page.next_since
    finally:
        conn.close()
    return entries if limit is None else entries[:limit]


def calls(
    service: str,
    method: str | None = None,
    path_prefix: str = "",
    *,
    since: int = 0,
    limit: int | None = None,
    directory: Path | None = None,
) -> list[AuditEntry]:
    """Audit entries by HTTP method and path prefix: ``calls("shop", "POST", "/api/orders")``;
    a method or prefix no audited route of the service has is ``UnknownName``."""
    check_names(service, f"{method or '*'} {path_prefix or '/'}*", directory=directory)
    return [
        entry
        for entry in audit_log(service, since=since, limit=limit, directory=directory)
        if (method is None or entry.method == method) and entry.path.startswith(path_prefix)
    ]


SUCCEEDED = range(200, 400)
"""Statuses of a request that did what it asked (a web form answers 303)."""


def attempted(
    service: str, *operations: str, since: int = 0, directory: Path | None = None
) -> list[AuditEntry]:
    """Every request that asked for one of ``operations`` through any channel (API route, MCP
    tool, web form), refused ones too, oldest first; an operation the service lacks (or one
    that only reads) is ``UnknownName``."""
    check_operations(service, *operations, directory=directory)
    wanted = set(operations)
    return [
        entry
        for entry in audit_log(service, since=since, directory=directory)
        if entry.operation in wanted
    ]


def performed(
    service: str, *operations: str, since: int = 0, directory: Path | None = None
) -> list[AuditEntry]:
    """The requests that did one of ``operations`` (answered 2xx or 3xx), through any
    channel, oldest first."""
    return [
        entry
        for entry in attempted(service, *operations, since=since, directory=directory)
        if entry.status in SUCCEEDED
    ]


def writes(
    service: str, table: str, row_id: object, *, directory: Path | None = None
) -> list[tuple[AuditEntry, AuditChangeOut]]:
    """Each successful request that added, changed or removed row ``row_id`` of ``table``,
    with its change to that row, oldest first: who put the row in the state it is in, and
    when."""
    service_names(service, directory).table(table)
    return [
        (entry, change)
        for entry in audit_log(service, directory=directory)
        if entry.status in SUCCEEDED
        for change in entry.changes
        if change.table == table and change.row_id == str(row_id)
    ]


def logged_before(first: AuditEntry, then: AuditEntry) -> bool:
    """Whether request ``first`` was logged before ``then`` by the host's real time: the order
    of two requests to different services, whose ids and task clocks are each their own."""
    if first.logged_ns is None or then.logged_ns is None:
        unknown = first if first.logged_ns is None else then
        raise ValueError(
            f"audit entry {unknown.id} ({unknown.operation}) has no logged_ns: it was logged "
            "by an older version of the services, which kept no real time"
        )
    return first.logged_ns < then.logged_ns
