"""Providers and appointments: booking, moving and cancelling within the provider's hours,
each change sent to the calendar and mailed to you."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

from sqlalchemy import Select, func, or_, select

from mock_services.core.base.access import check_owner
from mock_services.core.base.addressing import Addressed
from mock_services.core.base.clock import local_moment, to_naive_utc
from mock_services.core.base.errors import ApiError, Conflict, NotFound, invalid_field
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, Paging, page_of_select
from mock_services.core.spec.api import Ctx

from . import notices
from .models import (
    Appointment,
    Provider,
)
from .seed import appointment_code

MIN_NOTICE = timedelta(hours=2)
SLOT_STEP = timedelta(minutes=30)


def list_providers(ctx: Ctx, q: str | None, specialty: str | None) -> list[Provider]:
    query = select(Provider)
    if specialty:
        query = query.where(func.lower(Provider.specialty) == specialty.lower())
    for word in (q or "").split():
        query = query.where(
            or_(
                contains_text(Provider.name, word),
                contains_text(Provider.specialty, word),
                contains_text(Provider.clinic, word),
            )
        )
    return list(ctx.session.scalars(query.order_by(Provider.name)))


def get_provider(ctx: Ctx, provider_id: int) -> Provider:
    provider = ctx.session.get(Provider, provider_id) if 0 < provider_id < 2**62 else None
    if provider is None:
        raise NotFound(f"no provider {provider_id}; list them with GET /api/providers")
    return provider


def list_appointments(
    ctx: Ctx, status: str | None, upcoming: bool, paging: Paging
) -> Page[Appointment]:
    where = [Appointment.user_id == ctx.user_id]
    if status:
        where.append(Appointment.status == status)
    if upcoming:
        where.append(Appointment.start_at >= to_naive_utc(ctx.now))
    order = Appointment.start_at if upcoming else Appointment.start_at.desc()
    return page_of_select(ctx.session, select(Appointment).where(*where).order_by(order), paging)


APPOINTMENTS = Addressed(
    kind="appointment",
    by="code",
    shape=r"APT-\d+",
    sample=appointment_code(1),
    table="appointments",
    owner_column="user_id",
    hint="list yours with GET /api/appointments",
)


def get_appointment(ctx: Ctx, code: str) -> Appointment:
    row = ctx.session.scalar(select(Appointment).where(Appointment.code == code))
    if row is None:
        raise APPOINTMENTS.not_found(ctx, code)
    return check_owner(row, ctx.user_id, kind="appointment", row_id=code, owner_attr="user_id")


class SlotTaken(Conflict):
    """The time asked for clashes with another appointment of yours or the provider's (a web
    form shows it by its time field)."""


def _booked_between(ctx: Ctx, provider: Provider, start: datetime, end: datetime) -> Select[Any]:
    """Scheduled appointments, yours or the provider's, overlapping [start, end)."""
    return select(Appointment).where(
        Appointment.status == "scheduled",
        Appointment.start_at < end,
        Appointment.end_at > start,
        or_(Appointment.user_id == ctx.user_id, Appointment.provider_id == provider.id),
    )


def _check_slot(
    ctx: Ctx,
    provider: Provider,
    start: datetime,
    end: datetime,
    exclude: int | None,
    day: list[Appointment] | None = None,
) -> None:
    """The provider is open and free then, you have no other appointment then, and it is at
    least two hours ahead. ``day``: the scheduled appointments of the day checked, yours or the
    provider's (``_booked_between``), read once for every slot of it instead of once per slot."""
    now = to_naive_utc(ctx.now)
    if start < now + MIN_NOTICE:
        raise invalid_field("start", "book at least two hours ahead; pick a later time")
    tz = ctx.runtime.clock.tz
    begins, ends = local_moment(start, tz), local_moment(end, tz)
    hours = f"{provider.opens}-{provider.closes} Monday to Friday"
    if (
        begins.weekday() >= 5
        or begins.date() != ends.date()
        or begins.strftime("%H:%M") < provider.opens
        or ends.strftime("%H:%M") > provider.closes
    ):
        raise invalid_field(
            "start",
            f"{provider.name} sees patients {hours} ({tz.key}); "
            f"{begins:%a %Y-%m-%d %H:%M}-{ends:%H:%M} is outside those hours",
        )
    if day is None:
        query = _booked_between(ctx, provider, start, end).where(Appointment.id != (exclude or 0))
        clash = ctx.session.scalars(query.order_by(Appointment.id)).first()
    else:
        overlaps = (a for a in day if a.start_at < end and a.end_at > start and a.id != exclude)
        clash = next(overlaps, None)
    if clash is not None and clash.user_id == ctx.user_id:
        begins, ends = local_moment(clash.start_at, tz), local_moment(clash.end_at, tz)
        raise SlotTaken(
            f"you already have appointment {clash.code} from {begins:%H:%M} "
            f"to {ends:%H:%M} that day; pick another time"
        )
    if clash is not None:
        raise SlotTaken(f"{provider.name} is already booked at that time; pick another time")


def open_slots(
    ctx: Ctx, provider: Provider, day: date, minutes: int, moving: int | None = None
) -> list[datetime]:
    """The starts on ``day`` (aware, in the task's zone), every half hour of the provider's
    hours, at which a booking of ``minutes`` would be accepted: the booking's own checks, so
    what is offered is what booking takes (the appointment being ``moving`` blocks none)."""
    zone = ctx.runtime.clock.tz
    start = datetime.combine(day, time.fromisoformat(provider.opens), zone)
    closes = datetime.combine(day, time.fromisoformat(provider.closes), zone)
    length = timedelta(minutes=minutes)
    span = _booked_between(ctx, provider, to_naive_utc(start), to_naive_utc(closes))
    booked = list(ctx.session.scalars(span.order_by(Appointment.id)))
    slots = []
    while start + length <= closes:
        begin = to_naive_utc(start)
        try:
            _check_slot(ctx, provider, begin, begin + length, moving, booked)
        except ApiError:  # too soon, closed that day, or taken
            pass
        else:
            slots.append(start)
        start += SLOT_STEP
    return slots


def first_open_day(
    ctx: Ctx, provider: Provider, minutes: int, within: int = 14, moving: int | None = None
) -> date:
    """The first day from today, within ``within`` days, with an open time for ``minutes`` (or
    today, when there is none)."""
    today = ctx.today
    ahead = (today + timedelta(days=n) for n in range(within))
    found = (day for day in ahead if open_slots(ctx, provider, day, minutes, moving))
    return next(found, today)


def book_appointment(ctx: Ctx, body: Any) -> Appointment:
    """Book with a provider; the calendar gets an invitation and you get a confirmation."""
    provider = get_provider(ctx, body.provider_id)
    start = to_naive_utc(body.start)
    end = start + timedelta(minutes=body.duration_minutes)
    _check_slot(ctx, provider, start, end, None)
    appointment = Appointment(
        code="APT-PENDING",
        user_id=ctx.user_id,
        provider_id=provider.id,
        start_at=start,
        end_at=end,
        reason=body.reason,
        status="scheduled",
        notes=body.notes,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(appointment)
    ctx.session.flush()
    appointment.code = appointment_code(appointment.id)
    notices.appointment_changed(ctx, appointment, provider, "booked")
    return appointment


def _scheduled(ctx: Ctx, code: str, action: str) -> Appointment:
    appointment = get_appointment(ctx, code)
    if appointment.status != "scheduled":
        raise Conflict(f"appointment {code} is {appointment.status}; it cannot be {action}")
    if appointment.start_at <= to_naive_utc(ctx.now):
        raise Conflict(f"appointment {code} has already started; it cannot be {action}")
    return appointment


def reschedule_appointment(
    ctx: Ctx, code: str, start: datetime, duration_minutes: int | None
) -> Appointment:
    appointment = _scheduled(ctx, code, "rescheduled")
    provider = ctx.session.get(Provider, appointment.provider_id)
    assert provider is not None
    minutes = duration_minutes or int(
        (appointment.end_at - appointment.start_at).total_seconds() // 60
    )
    begin = to_naive_utc(start)
    _check_slot(ctx, provider, begin, begin + timedelta(minutes=minutes), appointment.id)
    appointment.start_at, appointment.end_at = begin, begin + timedelta(minutes=minutes)
    notices.appointment_changed(ctx, appointment, provider, "rescheduled")
    return appointment


def cancel_appointment(ctx: Ctx, code: str) -> Appointment:
    appointment = _scheduled(ctx, code, "cancelled")
    appointment.status = "cancelled"
    appointment.cancelled_at = to_naive_utc(ctx.now)
    provider = ctx.session.get(Provider, appointment.provider_id)
    assert provider is not None
    notices.appointment_changed(ctx, appointment, provider, "cancelled")
    return appointment
