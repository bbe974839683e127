"""Admin operations for verifiers and runners: audit log, reset, snapshot, export, the agent
phase of a live world.

Over HTTP they need the ``X-Admin-Token`` header; the token file is readable only by the
service user and root. The CLI offers the same operations on the files directly.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from flask import request
from sqlalchemy import select

from mock_services.core.base.clock import iso
from mock_services.core.base.schemas import (
    AuditEntry,
    AuditQuery,
    ResetOut,
    SnapshotOut,
    SnapshotRequest,
    UndeliveredOut,
    WorldEventOut,
    WorldOut,
)
from mock_services.core.base.settings import Settings
from mock_services.core.data.audit_read import audit_page, session_runner
from mock_services.core.data.db import UndeliveredMail
from mock_services.core.data.world_marks import READ_FIRED, READ_MARKS, agent_phase, mark_service
from mock_services.core.seeding.seed import export_service
from mock_services.core.spec.api import Api, Ctx

admin_api = Api("admin", url_prefix="/admin")


def snapshot_db(settings: Settings, service: str, name: str) -> Path:
    """Copy the live DB, consistently, to ``snapshots/<service>/<name>.db``."""
    target = settings.data_dir / "snapshots" / service / f"{name}.db"
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    source = sqlite3.connect(f"file:{settings.db_path(service)}?mode=ro", uri=True)
    destination = sqlite3.connect(target)
    try:
        source.backup(destination)
    finally:
        source.close()
        destination.close()
    return target


@admin_api.get("/audit", response=list[AuditEntry], auth="admin")
def audit(ctx: Ctx, query: AuditQuery) -> list[AuditEntry]:
    """One page of the mutating requests after ``since``, with the rows each one changed.

    When there are more, the ``Link`` header points at the next page (``rel="next"``).
    """
    page = audit_page(session_runner(ctx.session), query.since, query.limit)
    if page.next_since is not None:
        next_url = f"{request.path}?since={page.next_since}&limit={query.limit}"
        ctx.response_headers["Link"] = f'<{next_url}>; rel="next"'
    return page.entries


@admin_api.get("/undelivered", response=list[UndeliveredOut], auth="admin")
def undelivered(ctx: Ctx) -> list[UndeliveredOut]:
    """The notifications this service could not deliver, oldest first, with the reason and the
    audited request that sent each (``request_id``)."""
    rows = ctx.session.scalars(select(UndeliveredMail).order_by(UndeliveredMail.id))
    return [UndeliveredOut.model_validate(row) for row in rows]


@admin_api.post("/reset", response=ResetOut, auth="admin", mutating=False)
def reset(ctx: Ctx) -> ResetOut:
    """Put the DB back to its seeded state (the audit log and fault counters included)."""
    ctx.session.rollback()
    ctx.runtime.reset_to_seed()
    return ResetOut(service=ctx.runtime.spec.name, reset=True)


@admin_api.post("/snapshot", response=SnapshotOut, auth="admin", mutating=False)
def snapshot(ctx: Ctx, body: SnapshotRequest) -> SnapshotOut:
    """Save a consistent copy of the live DB under the data directory's ``snapshots/``."""
    path = snapshot_db(ctx.runtime.settings, ctx.runtime.spec.name, body.name)
    return SnapshotOut(path=str(path), bytes=path.stat().st_size)


@admin_api.get("/export", response=dict[str, Any], auth="admin")
def export(ctx: Ctx) -> dict[str, Any]:
    """The live DB as a seed document (dates relative to the seed's ``now``)."""
    return export_service(ctx.runtime.spec, ctx.runtime.settings)


@admin_api.get("/world", response=WorldOut, auth="admin")
def world(ctx: Ctx) -> WorldOut:
    """The world clock, whether the agent phase has started or ended, and each world event's
    occurrences so far."""
    return world_status(ctx)


@admin_api.post("/world/start", response=WorldOut, auth="admin", mutating=False)
def world_start(ctx: Ctx) -> WorldOut:
    """Mark the start of the agent phase (the first mark stands): a running clock starts to
    move and events start to fire. Runners call it just before the agent runs."""
    mark_service(ctx.runtime.settings.db_path(ctx.runtime.spec.name), "start")
    return world_status(ctx)


@admin_api.post("/world/end", response=WorldOut, auth="admin", mutating=False)
def world_end(ctx: Ctx) -> WorldOut:
    """Mark the end of the agent phase: the clock stops and no event fires any more, so the
    verifier reads the state the agent left."""
    mark_service(ctx.runtime.settings.db_path(ctx.runtime.spec.name), "end")
    return world_status(ctx)


def world_status(ctx: Ctx) -> WorldOut:
    """``ctx``'s service's world as the admin API shows it (a still world too)."""
    runtime = ctx.runtime
    world = runtime.world
    marks = {row[0]: row[1] for row in ctx.db.all(READ_MARKS)}
    phase = agent_phase(marks)
    fired = {row[0]: row[1] for row in ctx.db.all(READ_FIRED)}
    stage = (
        ("armed" if phase.waiting else "before")
        if phase.started_ns is None
        else "running"
        if phase.running
        else "ended"
    )
    return WorldOut(
        service=runtime.spec.name,
        clock=runtime.clock.mode,
        agent_phase=stage,
        now=iso(ctx.now) or "",
        events=[
            WorldEventOut(id=e.id, operation=e.operation, fired=fired.get(e.id, 0), times=e.times)
            for e in (world.events if world is not None else [])
        ],
    )
