"""Replaying a trial on a fresh copy of its world: each request the audit log kept of the
agent's (and of other services, such as a mail delivery), as the user who made it, at the
world time it was made. The world's timed events fire at the times they fired; its operation
events and personas answer the replayed calls as they answered the first ones. The same
calls at the same world times give the same end state (``tests/core/test_world_replay.py``).

What cannot be replayed is refused, naming the entry: a web form's request (its form, not
the API's body, was kept), a body the log cut short or kept with a secret hidden.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from urllib.parse import quote, urlencode

from mock_services.core.base.clock import iso_stored, parse_absolute
from mock_services.core.base.schemas import AuditEntry
from mock_services.core.base.settings import Settings
from mock_services.core.base.wsgi_call import WsgiApp, inner_environ, run_wsgi
from mock_services.core.data.audit import REPLAY_ELAPSED_KEY, VIA_KEY, WORLD_CALLER_KEY
from mock_services.core.data.db import make_engine, read_meta
from mock_services.core.data.world_marks import WORLD_VIA, mark_service
from mock_services.core.seeding.world_events import WorldEvent
from mock_services.core.serve.app import create_app
from mock_services.core.spec.service import ServiceSpec
from mock_services.core.web.runtime import restore_pristine

NUDGE_PATH = "/_world/replay-tick"
"""A path no route serves: a request to it only lets the world fire what is due."""
_HIDDEN = ("...[truncated:", "***")


class ReplayError(ValueError):
    """An audit entry that cannot be replayed as it was made; the message names it."""


def replay(
    app: WsgiApp, entries: Sequence[AuditEntry], base: datetime, events: Sequence[WorldEvent]
) -> None:
    """Make each of ``entries`` (one service's audit log, oldest first) again on ``app``, at
    its recorded world time (``base``: the seed's ``now``); a timed event's entry becomes a
    request that only lets the world fire it."""
    timed = {event.id for event in events if event.when.after_operation is None}
    for entry in entries:
        # a running clock's whole seconds of agent phase (its ticks are microseconds, which
        # the log's time leaves out); a frozen clock reads its tick alone
        elapsed = int((parse_absolute(entry.at) - base).total_seconds())
        if entry.via == WORLD_VIA:
            if entry.event in timed:
                run_wsgi(app, _environ("GET", NUDGE_PATH, None, None, elapsed, None))
            continue  # an operation event or a persona answers the replayed call itself
        if entry.via == "ui" and entry.method != "GET":
            raise ReplayError(
                f"audit entry {entry.id} ({entry.method} {entry.path}) came from a web form; "
                "only API and MCP calls can be replayed"
            )
        body = json.dumps(entry.body) if entry.body is not None else None
        if body is not None and any(mark in body for mark in _HIDDEN):
            raise ReplayError(
                f"audit entry {entry.id} ({entry.method} {entry.path}): the log kept its body "
                "cut short or with a secret hidden, so it cannot be sent again as it was"
            )
        via = "mcp" if entry.via == "mcp" else None
        if entry.method == "GET":  # a logged read (``audit_reads``): its body is its query
            query = urlencode(entry.body or {}, doseq=True)
            run_wsgi(app, _environ("GET", entry.path, None, entry.username, elapsed, via, query))
            continue
        encoded = body.encode() if body is not None else None
        run_wsgi(app, _environ(entry.method, entry.path, encoded, entry.username, elapsed, via))


def _environ(
    method: str,
    path: str,
    body: bytes | None,
    user: str | None,
    elapsed: int,
    via: str | None,
    query: str = "",
) -> dict[str, object]:
    marks: dict[str, object] = {WORLD_CALLER_KEY: user, REPLAY_ELAPSED_KEY: max(0, elapsed)}
    if via is not None:
        marks[VIA_KEY] = via
    server = {"SERVER_NAME": "replay", "SERVER_PORT": "80", "wsgi.url_scheme": "http"}
    return inner_environ(method, path, quote(path, safe="/"), query, body, {**server, **marks})


def replay_service(spec: ServiceSpec, settings: Settings, calls: Sequence[dict[str, Any]]) -> int:
    """Put ``spec``'s DB back to its seed, start the agent phase, and replay those calls of a
    trial's ``calls.json`` (every service's log) made to it; how many entries it replayed."""
    restore_pristine(settings, spec.name)
    engine = make_engine(settings.db_path(spec.name), read_only=True)
    try:
        meta = read_meta(engine)
    finally:
        engine.dispose()
    events = [WorldEvent.model_validate(e) for _i, e in json.loads(meta.get("events", "[]"))]
    mine = [call for call in calls if call.get("service") == spec.name]
    entries = sorted(
        (AuditEntry.model_validate({**call, "at": iso_stored(call["at"])}) for call in mine),
        key=lambda entry: entry.id,
    )
    mark_service(settings.db_path(spec.name), "start")
    app = create_app(spec, settings)
    replay(app.wsgi_app, entries, parse_absolute(meta["now"]), events)
    return len(entries)
