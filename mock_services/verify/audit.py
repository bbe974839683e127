"""The audit log of a service, read straight from its DB (read-only, as root in the container):
which request added, changed or removed which rows, and which operation it was.

A verifier asks by operation (``performed("shop", "cancel_order")``): the API route, its MCP
tool and its web form record the same one, so an agent may use any channel. Route strings
(``calls``) are for upstream tasks whose graders speak of routes."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.schemas import AUDIT_PAGE_MAX, AuditChangeOut, AuditEntry
from mock_services.core.data.audit_read import audit_page
from mock_services.core.data.world_marks import WORLD_VIA
from mock_services.verify.evidence import examined, matched
from mock_services.verify.names import check_names, check_operations, service_names
from mock_services.verify.state import connect_read_only, db_path, seeded_meta


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
    entries = entries if limit is None else entries[:limit]
    examined(service, entries)
    return entries


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
    found = [
        entry
        for entry in audit_log(service, since=since, limit=limit, directory=directory)
        if (method is None or entry.method == method) and entry.path.startswith(path_prefix)
    ]
    matched(service, found)
    return found


SUCCEEDED = range(200, 400)
"""Statuses of a request that did what it asked (a web form answers 303)."""


def attempted(
    service: str, *operations: str, since: int = 0, directory: Path | None = None
) -> list[AuditEntry]:
    """Every request of the agent that asked for one of ``operations`` through any channel
    (API route, MCP tool, web form), refused ones too, oldest first; an operation the service
    lacks (or one that only reads) is ``UnknownName``. The world's events are not the agent's
    (``verify.world`` reads them)."""
    found = _asked_for(service, operations, since, directory)
    matched(service, found)
    return found


def _asked_for(
    service: str, operations: tuple[str, ...], since: int, directory: Path | None
) -> list[AuditEntry]:
    check_operations(service, *operations, directory=directory)
    wanted = set(operations)
    return [
        entry
        for entry in audit_log(service, since=since, directory=directory)
        if entry.operation in wanted and entry.via != WORLD_VIA
    ]


def performed(
    service: str, *operations: str, since: int = 0, directory: Path | None = None
) -> list[AuditEntry]:
    """The agent's requests that did one of ``operations`` (answered 2xx or 3xx), through any
    channel, oldest first."""
    found = [
        entry
        for entry in _asked_for(service, operations, since, directory)
        if entry.status in SUCCEEDED
    ]
    matched(service, found)
    return found


class ReadsNotLogged(ValueError):
    """A verifier asked for the agent's reads of a service whose seed does not log them."""


def reads(
    service: str, *operations: str, since: int = 0, directory: Path | None = None
) -> list[AuditEntry]:
    """The agent's reads of ``operations`` that were answered (2xx), through any channel (API
    route, MCP tool, or a web page, logged as the first API read it shows), oldest first:
    what it looked at. Only a seed that asks for ``"audit_reads": true`` logs them
    (``ReadsNotLogged`` otherwise); a name that is not a read of the service is
    ``UnknownName``."""
    if not operations:
        raise ValueError(f"{service}: name at least one read")
    names = service_names(service, directory)
    for name in operations:
        names.read(name)
    if seeded_meta(service, "audit_reads", directory=directory) != "1":
        raise ReadsNotLogged(
            f'{service}\'s seed does not log reads: give its section "audit_reads": true'
        )
    wanted = set(operations)
    found = [
        entry
        for entry in audit_log(service, since=since, directory=directory)
        if entry.method == "GET"
        and entry.operation in wanted
        and entry.via != WORLD_VIA
        and entry.status in range(200, 300)
    ]
    matched(service, found)
    return found


def writes(
    service: str, table: str, row_id: object, *, directory: Path | None = None
) -> list[tuple[AuditEntry, AuditChangeOut]]:
    """Each successful request that added, changed or removed row ``row_id`` of ``table``,
    with its change to that row, oldest first: who put the row in the state it is in, and
    when."""
    service_names(service, directory).table(table)
    found = [
        (entry, change)
        for entry in audit_log(service, directory=directory)
        if entry.status in SUCCEEDED
        for change in entry.changes
        if change.table == table and change.row_id == str(row_id)
    ]
    matched(service, (entry for entry, _ in found))
    return found


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


def answered_before(read: AuditEntry, act: AuditEntry) -> bool:
    """Whether ``read`` was answered before ``act`` was sent (by the host's real time): only
    then could the act be made on what the read showed. An act sent beside a read, not waiting
    for it, was not; an entry logged before ``received_ns`` was kept is ordered by when it
    was logged (``logged_before``)."""
    if act.received_ns is None or read.logged_ns is None:
        return logged_before(read, act)
    return read.logged_ns < act.received_ns


def last_written(
    service: str, table: str, row_id: object, *, directory: Path | None = None
) -> dict[str, Any] | None:
    """Row ``row_id`` of ``table`` as the last successful request that wrote it left it (the
    audit log's own record of its values); None when no request wrote it, or the last one
    removed it."""
    found = writes(service, table, row_id, directory=directory)
    return found[-1][1].after if found else None


def not_as_written(
    service: str,
    table: str,
    row: Mapping[str, Any],
    fields: Iterable[str],
    *,
    directory: Path | None = None,
) -> list[str]:
    """The ``fields`` of ``row`` (as the DB holds it) that differ from what the service's last
    successful request on it wrote: values put into the DB file by hand, not by a request.
    Every field when no request wrote the row; a field the table lacks is ``UnknownName``."""
    fields = list(fields)
    service_names(service, directory).columns(table, fields)
    written = last_written(service, table, row["id"], directory=directory)
    if written is None:
        return list(fields)
    return [f for f in fields if not logged_equals_stored(written.get(f), row[f])]


_MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}")


def _held(value: Any) -> Any:
    """A value as both records hold it alike: booleans as 0/1, a moment as naive UTC ISO text
    (the log writes ``2026-03-16T09:00:01``, the DB ``2026-03-16 09:00:01.000000``), JSON
    text as its value."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str) and _MOMENT.match(value):
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    elif isinstance(value, str) and value[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except ValueError:
            return value
    else:
        return value
    return to_naive_utc(moment).isoformat(sep=" ")


def logged_equals_stored(written: Any, stored: Any) -> bool:
    """Whether a value as the audit log wrote it is the one the DB holds: a boolean as 0/1,
    JSON text as what it encodes, a moment in any zone as naive UTC."""
    held, kept = _held(written), _held(stored)
    return held == kept or str(held) == str(kept)
