"""The calendars area: yours and those shared with you, unique names per owner, sharing, and
deleting a secondary calendar with its events (guests are told)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import or_, select

from mock_services.core.base.access import role_refused
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, invalid_field
from mock_services.core.spec.api import Ctx

from .access import calendar_role, get_calendar
from .mailer import mail_attendees
from .models import Calendar, CalendarShare, Event
from .times import last_end, zone_of
from .users import find_user

DEFAULT_COLOR = "#4285f4"


def own_calendar(ctx: Ctx, calendar_id: int) -> Calendar:
    calendar, role = get_calendar(ctx, calendar_id)
    if role != "owner":
        raise role_refused(f"change calendar {calendar_id}", "its owner", f"a {role} of it")
    return calendar


def visible_calendars(ctx: Ctx) -> list[tuple[Calendar, str]]:
    shared_ids = select(CalendarShare.calendar_id).where(CalendarShare.user_id == ctx.user_id)
    calendars = ctx.session.scalars(
        select(Calendar)
        .where(or_(Calendar.owner_id == ctx.user_id, Calendar.id.in_(shared_ids)))
        .order_by(Calendar.owner_id != ctx.user_id, Calendar.is_primary.desc(), Calendar.id)
    ).all()
    return [(c, calendar_role(c, ctx.user) or "reader") for c in calendars]


def _unique_name(ctx: Ctx, name: str, exclude: int | None = None) -> None:
    clash = ctx.session.scalar(
        select(Calendar).where(Calendar.owner_id == ctx.user_id, Calendar.name == name)
    )
    if clash is not None and clash.id != exclude:
        raise Conflict(f"you already have a calendar named {name!r} (calendar {clash.id})")


def create_calendar(
    ctx: Ctx, name: str, color: str | None, description: str, timezone: str | None
) -> Calendar:
    tz = timezone or ctx.user.timezone
    zone_of(tz)
    _unique_name(ctx, name)
    calendar = Calendar(
        owner_id=ctx.user_id,
        name=name,
        color=color or DEFAULT_COLOR,
        description=description,
        timezone=tz,
        is_primary=False,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(calendar)
    ctx.session.flush()
    return calendar


def update_calendar(ctx: Ctx, calendar_id: int, changes: dict[str, Any]) -> Calendar:
    calendar = own_calendar(ctx, calendar_id)
    if changes.get("timezone") is not None:
        zone_of(changes["timezone"])
    if changes.get("name") is not None and changes["name"] != calendar.name:
        _unique_name(ctx, changes["name"], exclude=calendar.id)
    for key in ("name", "color", "description", "timezone"):
        if changes.get(key) is not None:
            setattr(calendar, key, changes[key])
    return calendar


def delete_calendar(ctx: Ctx, calendar_id: int) -> None:
    calendar = own_calendar(ctx, calendar_id)
    if calendar.is_primary:
        raise Conflict(
            f"calendar {calendar_id} is your primary calendar and cannot be deleted; "
            "delete its events instead"
        )
    events = ctx.session.scalars(select(Event).where(Event.calendar_id == calendar.id)).all()
    for event in events:
        if event.status != "cancelled" and last_end(event) > to_naive_utc(ctx.now):
            mail_attendees(ctx, event, "Cancelled", [a for a in event.attendees if not a.hidden])
        ctx.session.delete(event)
    ctx.session.delete(calendar)


def share_calendar(ctx: Ctx, calendar_id: int, who: str, role: str) -> Calendar:
    calendar = own_calendar(ctx, calendar_id)
    user = find_user(ctx.session, who)
    if user is None:
        raise invalid_field("user", f"no user with username or email {who!r}")
    if user.id == ctx.user_id:
        raise invalid_field("user", "you own this calendar; share it with someone else")
    for share in calendar.shares:
        if share.user_id == user.id:
            share.role = role
            return calendar
    calendar.shares.append(CalendarShare(user_id=user.id, role=role))
    ctx.session.flush()
    return calendar


def unshare_calendar(ctx: Ctx, calendar_id: int, user_id: int) -> Calendar:
    calendar = own_calendar(ctx, calendar_id)
    for share in calendar.shares:
        if share.user_id == user_id:
            ctx.session.delete(share)
            calendar.shares.remove(share)
            return calendar
    raise NotFound(f"calendar {calendar_id} is not shared with user {user_id}")
