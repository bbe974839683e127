"""Activities: finished ones only, never overlapping another of yours."""

from __future__ import annotations

from datetime import date, time, timedelta
from typing import Any

from sqlalchemy import select

from mock_services.core.base.access import check_owner
from mock_services.core.base.clock import local_day, naive_utc_at, to_naive_utc
from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.data.paging import Page, Paging, page_of_select
from mock_services.core.spec.api import Ctx

from .days import check_past_day
from .models import (
    Activity,
)


def list_activities(
    ctx: Ctx, kind: str | None, start: date | None, end: date | None, paging: Paging
) -> Page[Activity]:
    where, tz = [Activity.user_id == ctx.user_id], ctx.runtime.clock.tz
    if kind:
        where.append(Activity.kind == kind)
    if start is not None:
        where.append(Activity.started_at >= naive_utc_at(start, time(), tz))
    if end is not None:
        where.append(Activity.started_at < naive_utc_at(end + timedelta(days=1), time(), tz))
    newest_first = select(Activity).where(*where).order_by(Activity.started_at.desc())
    return page_of_select(ctx.session, newest_first, paging)


def get_activity(ctx: Ctx, activity_id: int) -> Activity:
    row = ctx.session.get(Activity, activity_id) if 0 < activity_id < 2**62 else None
    return check_owner(row, ctx.user_id, kind="activity", row_id=activity_id, owner_attr="user_id")


def log_activity(ctx: Ctx, body: Any) -> Activity:
    """Log a finished activity: it cannot end after now, nor overlap another one of yours."""
    start = to_naive_utc(body.started_at)
    end = start + timedelta(minutes=body.duration_minutes)
    now = to_naive_utc(ctx.now)
    if end > now:
        raise invalid_field(
            "started_at",
            f"the activity would end at {end:%Y-%m-%d %H:%M} UTC, after now "
            f"({now:%Y-%m-%d %H:%M} UTC); log activities once they are done",
        )
    check_past_day(ctx, local_day(start, ctx.runtime.clock.tz), "started_at")
    for other in ctx.session.scalars(
        select(Activity).where(
            Activity.user_id == ctx.user_id,
            Activity.started_at < end,
            Activity.started_at >= start - timedelta(days=1),
        )
    ):
        if other.started_at + timedelta(minutes=other.duration_minutes) > start:
            raise Conflict(
                f"it overlaps activity {other.id} ({other.kind} at "
                f"{other.started_at:%Y-%m-%d %H:%M} UTC); change that one instead"
            )
    activity = Activity(
        user_id=ctx.user_id,
        kind=body.kind,
        started_at=start,
        duration_minutes=body.duration_minutes,
        distance_km=body.distance_km,
        steps=body.steps,
        kcal_burned=body.kcal_burned,
        notes=body.notes,
    )
    ctx.session.add(activity)
    ctx.session.flush()
    return activity


def delete_activity(ctx: Ctx, activity_id: int) -> None:
    ctx.session.delete(get_activity(ctx, activity_id))
