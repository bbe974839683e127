"""The health service's rules, shared by the JSON API and the web UI.

Functions that read the clock or the caller take the request ``Ctx``; failures raise
``ApiError`` subclasses in plain words. A ``day`` is a local date in the task's time zone.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import func, or_, select

from mock_services.core.base.access import check_owner
from mock_services.core.base.addressing import Addressed
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.base.search import SQL_FUNCTION, contains_text
from mock_services.core.data.paging import Page, Paging, Window, page_of_select, page_offset
from mock_services.core.spec.api import Ctx

from . import notices
from .models import (
    NUTRIENTS,
    Activity,
    Appointment,
    DailyRecord,
    DoseLog,
    Food,
    FoodEntry,
    Goals,
    Medication,
    Provider,
)
from .seed import appointment_code, nutrients_of

DIARY_HISTORY_DAYS = 365
EARLY_DOSE = timedelta(hours=1)
MISSED_AFTER = timedelta(hours=2)
MIN_NOTICE = timedelta(hours=2)
RECORD_FIELDS = (
    "sleep_minutes",
    "weight_kg",
    "systolic",
    "diastolic",
    "resting_heart_rate",
    "mood",
    "notes",
)


def invalid(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(
        f"{field}: {message}",
        details=[{"loc": ["body", field], "message": message, "type": "value_error"}],
    )


# --- Days and time -----------------------------------------------------------------------------


def today(ctx: Ctx) -> date:
    """The task's local date now."""
    return ctx.now.astimezone(ctx.runtime.clock.tz).date()


def local_to_utc(ctx: Ctx, day: date, at: time) -> datetime:
    """Naive UTC of the local ``day`` at ``at`` in the task's time zone."""
    moment = datetime.combine(day, at, tzinfo=ctx.runtime.clock.tz)
    return to_naive_utc(moment)


def local(ctx: Ctx, naive_utc: datetime) -> datetime:
    return naive_utc.replace(tzinfo=UTC).astimezone(ctx.runtime.clock.tz)


def canonical_day(text: str) -> str:
    """A day in its one spelling (``20260301``, `` 2026-03-01``: ``2026-03-01``); ValueError if it
    is none."""
    return date.fromisoformat(text.strip()).isoformat()


def parse_day(text: str, field: str = "day") -> date:
    """A path's ``YYYY-MM-DD`` day, or a 422 naming the value."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise invalid(field, f"{text!r} is not a day; expected YYYY-MM-DD") from None


def check_past_day(ctx: Ctx, day: date, field: str = "day") -> date:
    """``day`` if it is today or earlier (and within the diary's history)."""
    current = today(ctx)
    if day > current:
        raise invalid(field, f"{day} is in the future (today is {current}); log what happened")
    if day < current - timedelta(days=DIARY_HISTORY_DAYS):
        raise invalid(field, f"{day} is more than {DIARY_HISTORY_DAYS} days ago")
    return day


# --- Goals and daily records -------------------------------------------------------------------


def goals(ctx: Ctx) -> Goals:
    found = ctx.session.scalar(select(Goals).where(Goals.user_id == ctx.user_id))
    if found is None:
        found = Goals(user_id=ctx.user_id)
        ctx.session.add(found)
        ctx.session.flush()
    return found


def update_goals(ctx: Ctx, fields: dict[str, Any]) -> Goals:
    target = goals(ctx)
    for name, value in fields.items():
        setattr(target, name, value)
    return target


def list_records(
    ctx: Ctx, start: date | None, end: date | None, paging: Paging
) -> Page[DailyRecord]:
    where = [DailyRecord.user_id == ctx.user_id]
    if start is not None:
        where.append(DailyRecord.day >= start)
    if end is not None:
        where.append(DailyRecord.day <= end)
    newest_first = select(DailyRecord).where(*where).order_by(DailyRecord.day.desc())
    return page_of_select(ctx.session, newest_first, paging)


def record_for(ctx: Ctx, day: date) -> DailyRecord | None:
    return ctx.session.scalar(
        select(DailyRecord).where(DailyRecord.user_id == ctx.user_id, DailyRecord.day == day)
    )


def get_record(ctx: Ctx, day: date) -> DailyRecord:
    record = record_for(ctx, day)
    if record is None:
        raise NotFound(f"no health record for {day}; PUT /api/records/{day} to start one")
    return record


def save_record(ctx: Ctx, day: date, fields: dict[str, Any]) -> tuple[DailyRecord, bool]:
    """Set the given fields of ``day``'s record (created when missing); (record, created)."""
    check_past_day(ctx, day)
    record = record_for(ctx, day)
    created = record is None
    if record is None:
        record = DailyRecord(user_id=ctx.user_id, day=day, notes="")
    merged = {name: getattr(record, name) for name in RECORD_FIELDS} | fields
    systolic, diastolic = merged["systolic"], merged["diastolic"]
    if (systolic is None) != (diastolic is None):
        missing = "diastolic" if diastolic is None else "systolic"
        raise invalid(missing, "blood pressure needs both systolic and diastolic")
    if systolic is not None and diastolic >= systolic:
        raise invalid(
            "diastolic", f"diastolic ({diastolic}) must be lower than systolic ({systolic})"
        )
    for name, value in fields.items():
        setattr(record, name, value if value is not None or name != "notes" else "")
    record.updated_at = to_naive_utc(ctx.now)
    if created:
        ctx.session.add(record)
    ctx.session.flush()
    return record, created


def delete_record(ctx: Ctx, day: date) -> None:
    ctx.session.delete(get_record(ctx, day))


# --- Activities --------------------------------------------------------------------------------


def list_activities(
    ctx: Ctx, kind: str | None, start: date | None, end: date | None, paging: Paging
) -> Page[Activity]:
    where = [Activity.user_id == ctx.user_id]
    if kind:
        where.append(Activity.kind == kind)
    if start is not None:
        where.append(Activity.started_at >= local_to_utc(ctx, start, time()))
    if end is not None:
        where.append(Activity.started_at < local_to_utc(ctx, end + timedelta(days=1), time()))
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
        raise invalid(
            "started_at",
            f"the activity would end at {end:%Y-%m-%d %H:%M} UTC, after now "
            f"({now:%Y-%m-%d %H:%M} UTC); log activities once they are done",
        )
    check_past_day(ctx, local(ctx, start).date(), "started_at")
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


# --- Food catalogue ----------------------------------------------------------------------------


FOOD_ROWS = "SELECT * FROM foods"
"""Foods as plain rows (read with ``ctx.db``; see ``api.food_out``)."""
_VISIBLE = "(owner_id IS NULL OR owner_id = ?)"
"""The foods a user sees: the shared catalogue (no owner) and their own custom foods."""


def _contains(column: str) -> str:
    return f"instr({SQL_FUNCTION}({column}), ?) > 0"


def search_foods(ctx: Ctx, q: str | None, mine: bool, paging: Paging) -> Page[sqlite3.Row]:
    """The caller's visible foods (``mine``: only their custom ones) with every word of ``q``
    in the name or brand, by name, one page of them and how many there are."""
    conditions = ["owner_id = ?" if mine else _VISIBLE]
    params: list[Any] = [ctx.user_id]
    for word in (q or "").split():
        conditions.append(f"({_contains('name')} OR {_contains('brand')})")
        params += [word.casefold()] * 2
    where = " AND ".join(conditions)
    counted = ctx.db.one(f"SELECT count(*) FROM foods WHERE {where}", params)
    rows = ctx.db.all(
        f"{FOOD_ROWS} WHERE {where} ORDER BY name LIMIT ? OFFSET ?",
        [*params, paging.per_page, page_offset(paging)],
    )
    return Page(rows, counted[0] if counted else 0)


def food_row(ctx: Ctx, food_id: int) -> sqlite3.Row:
    """A food the caller sees, as a plain row; 404 for any other."""
    row = (
        ctx.db.one(f"{FOOD_ROWS} WHERE id = ? AND {_VISIBLE}", (food_id, ctx.user_id))
        if 0 < food_id < 2**62
        else None
    )
    if row is None:
        raise NotFound(f"no food {food_id}; search the catalogue with GET /api/foods?q=...")
    return row


def get_food(ctx: Ctx, food_id: int) -> Food:
    """The mapped food behind ``food_row``, for the writes (changes, diary entries)."""
    food = ctx.session.get(Food, food_row(ctx, food_id)["id"])
    assert food is not None  # the row was just read in this transaction
    return food


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "food"


def create_food(ctx: Ctx, body: Any) -> Food:
    """Add a custom food only you see; its code is ``<username>-<name>``."""
    code = f"{_slug(ctx.user.username)}-{_slug(body.name)}"[:64].strip("-")
    if ctx.session.scalar(select(Food.id).where(Food.code == code)) is not None:
        raise Conflict(f"you already have a custom food {body.name!r} (code {code}); edit it")
    food = Food(code=code, owner_id=ctx.user_id, **body.model_dump())
    ctx.session.add(food)
    ctx.session.flush()
    return food


def own_food(ctx: Ctx, food_id: int) -> Food:
    food = get_food(ctx, food_id)
    if food.owner_id is None:
        raise Conflict(f"food {food_id} is in the shared catalogue; add a custom food instead")
    return food


def update_food(ctx: Ctx, food_id: int, fields: dict[str, Any]) -> Food:
    """Change a custom food; diary entries keep the nutrients they were logged with."""
    food = own_food(ctx, food_id)
    for name, value in fields.items():
        setattr(food, name, value)
    return food


def delete_food(ctx: Ctx, food_id: int) -> None:
    food = own_food(ctx, food_id)
    used = ctx.session.scalar(
        select(func.count()).select_from(FoodEntry).where(FoodEntry.food_id == food.id)
    )
    if used:
        raise Conflict(f"food {food_id} is in {used} diary entries; delete those entries first")
    ctx.session.delete(food)


# --- Food diary and nutrition ------------------------------------------------------------------


def diary(ctx: Ctx, day: date) -> list[FoodEntry]:
    return list(
        ctx.session.scalars(
            select(FoodEntry)
            .where(FoodEntry.user_id == ctx.user_id, FoodEntry.day == day)
            .order_by(FoodEntry.logged_at, FoodEntry.id)
        )
    )


def get_entry(ctx: Ctx, entry_id: int) -> FoodEntry:
    row = ctx.session.get(FoodEntry, entry_id) if 0 < entry_id < 2**62 else None
    return check_owner(row, ctx.user_id, kind="diary entry", row_id=entry_id, owner_attr="user_id")


def add_entry(ctx: Ctx, day: date, meal: str, food_id: int, servings: float) -> FoodEntry:
    check_past_day(ctx, day)
    food = get_food(ctx, food_id)
    entry = FoodEntry(
        user_id=ctx.user_id,
        day=day,
        meal=meal,
        food_id=food.id,
        food_name=food.name,
        servings=servings,
        logged_at=to_naive_utc(ctx.now),
        **nutrients_of(food, servings),
    )
    ctx.session.add(entry)
    ctx.session.flush()
    return entry


def update_entry(ctx: Ctx, entry_id: int, meal: str | None, servings: float | None) -> FoodEntry:
    """Change an entry's meal or servings (its nutrients scale with the servings)."""
    entry = get_entry(ctx, entry_id)
    if meal is not None:
        entry.meal = meal
    if servings is not None and servings != entry.servings:
        scale = servings / entry.servings
        for name in NUTRIENTS:
            setattr(entry, name, round(getattr(entry, name) * scale, 1))
        entry.servings = servings
    return entry


def delete_entry(ctx: Ctx, entry_id: int) -> None:
    ctx.session.delete(get_entry(ctx, entry_id))


GOAL_NUTRIENTS = ("kcal", "protein_g", "carbs_g", "fat_g", "fiber_g", "sodium_mg")
LIMIT_NUTRIENTS = ("kcal", "fat_g", "sodium_mg")  # goals you should stay under


@dataclass(frozen=True)
class NutrientLine:
    nutrient: str
    total: float
    goal: float | None
    remaining: float | None
    status: str  # under | met | over (no goal: none)


@dataclass(frozen=True)
class DaySummary:
    day: date
    lines: list[NutrientLine]
    by_meal: dict[str, float]
    entry_count: int
    kcal_burned: int
    steps: int
    active_minutes: int


def _status(nutrient: str, total: float, goal: float) -> str:
    if nutrient in LIMIT_NUTRIENTS:
        return "over" if total > goal else "within"
    return "met" if total >= goal else "under"


def day_summary(ctx: Ctx, day: date) -> DaySummary:
    """The day's nutrition totals against the goals, and its activity."""
    entries = diary(ctx, day)
    target = goals(ctx)
    lines = []
    for name in NUTRIENTS:
        total = round(sum(getattr(e, name) for e in entries), 1)
        goal = getattr(target, name) if name in GOAL_NUTRIENTS else None
        lines.append(
            NutrientLine(
                nutrient=name,
                total=total,
                goal=goal,
                remaining=round(goal - total, 1) if goal is not None else None,
                status=_status(name, total, goal) if goal is not None else "none",
            )
        )
    by_meal: dict[str, float] = {}
    for e in entries:
        by_meal[e.meal] = round(by_meal.get(e.meal, 0.0) + e.kcal, 1)
    activities, _ = list_activities(ctx, None, day, day, Window(per_page=100))
    return DaySummary(
        day=day,
        lines=lines,
        by_meal=by_meal,
        entry_count=len(entries),
        kcal_burned=sum(a.kcal_burned for a in activities),
        steps=sum(a.steps for a in activities),
        active_minutes=sum(a.duration_minutes for a in activities),
    )


# --- Medications and their schedule ------------------------------------------------------------


def list_medications(ctx: Ctx, active: bool | None) -> list[Medication]:
    query = select(Medication).where(Medication.user_id == ctx.user_id)
    if active is not None:
        query = query.where(Medication.active.is_(active))
    return list(ctx.session.scalars(query.order_by(Medication.name)))


def get_medication(ctx: Ctx, medication_id: int) -> Medication:
    row = ctx.session.get(Medication, medication_id) if 0 < medication_id < 2**62 else None
    return check_owner(
        row, ctx.user_id, kind="medication", row_id=medication_id, owner_attr="user_id"
    )


def _check_dates(start: date, end: date | None) -> None:
    if end is not None and end < start:
        raise invalid("end_date", f"{end} is before start_date {start}")


def _unique_name(ctx: Ctx, name: str, exclude: int | None = None) -> None:
    clash = ctx.session.scalar(
        select(Medication.id).where(
            Medication.user_id == ctx.user_id,
            func.lower(Medication.name) == name.lower(),
            Medication.id != (exclude or 0),
        )
    )
    if clash is not None:
        raise Conflict(f"you already track {name!r} (medication {clash}); change that one")


def add_medication(ctx: Ctx, body: Any) -> Medication:
    start = body.start_date or today(ctx)
    _check_dates(start, body.end_date)
    _unique_name(ctx, body.name)
    medication = Medication(
        user_id=ctx.user_id,
        **body.model_dump(exclude={"start_date"}),
        start_date=start,
        active=True,
    )
    ctx.session.add(medication)
    ctx.session.flush()
    return medication


def update_medication(ctx: Ctx, medication_id: int, fields: dict[str, Any]) -> Medication:
    medication = get_medication(ctx, medication_id)
    if "name" in fields:
        _unique_name(ctx, fields["name"], medication.id)
    _check_dates(
        fields.get("start_date") or medication.start_date,
        fields.get("end_date", medication.end_date),
    )
    for name, value in fields.items():
        setattr(medication, name, value)
    return medication


def stop_medication(ctx: Ctx, medication_id: int) -> Medication:
    """Stop taking it: inactive from today on (its history is kept)."""
    medication = get_medication(ctx, medication_id)
    if not medication.active:
        raise Conflict(f"medication {medication_id} ({medication.name}) is already stopped")
    medication.active = False
    medication.end_date = max(today(ctx), medication.start_date)
    return medication


def _takes_on(medication: Medication, day: date) -> bool:
    ended = medication.end_date is not None and day > medication.end_date
    return medication.start_date <= day and not ended


@dataclass(frozen=True)
class ScheduledDose:
    medication: Medication
    scheduled_at: datetime  # naive UTC
    local_time: str
    status: str  # taken | skipped | upcoming | due | missed
    log: DoseLog | None  # the mark, when the dose has one


def schedule(ctx: Ctx, day: date) -> list[ScheduledDose]:
    """Every dose of ``day`` of the medications you take then, in time order, with its mark."""
    now = to_naive_utc(ctx.now)
    medications = [
        m
        for m in list_medications(ctx, None)
        if _takes_on(m, day) and (m.active or m.end_date is not None)
    ]
    logs = {
        (d.medication_id, d.scheduled_at): d
        for d in ctx.session.scalars(
            select(DoseLog).where(DoseLog.medication_id.in_([m.id for m in medications]))
        )
    }
    doses = []
    for m in medications:
        for at in m.times:
            when = local_to_utc(ctx, day, time.fromisoformat(at))
            log = logs.get((m.id, when))
            if log is not None:
                status = log.status
            elif when > now:
                status = "upcoming"
            else:
                status = "missed" if now - when > MISSED_AFTER else "due"
            doses.append(ScheduledDose(m, when, at, status, log))
    doses.sort(key=lambda d: (d.scheduled_at, d.medication.name))
    return doses


def record_dose(ctx: Ctx, medication_id: int, day: date, at: str, status: str) -> DoseLog:
    """Mark the dose of ``day`` at ``at`` taken or skipped: it must be in the schedule, at
    most an hour ahead, and not marked yet."""
    medication = get_medication(ctx, medication_id)
    if at not in medication.times:
        raise invalid(
            "time", f"{medication.name} is taken at {', '.join(medication.times)}, not at {at}"
        )
    if not _takes_on(medication, day):
        last = medication.end_date.isoformat() if medication.end_date else "open-ended"
        raise Conflict(
            f"{medication.name} is not taken on {day} (from {medication.start_date} to {last})"
        )
    when = local_to_utc(ctx, day, time.fromisoformat(at))
    now = to_naive_utc(ctx.now)
    if when - now > EARLY_DOSE:
        raise Conflict(
            f"the {at} dose of {day} is more than an hour away; mark it when you take it"
        )
    existing = ctx.session.scalar(
        select(DoseLog).where(DoseLog.medication_id == medication.id, DoseLog.scheduled_at == when)
    )
    if existing is not None:
        raise Conflict(
            f"the {at} dose of {day} is already marked {existing.status}; "
            f"DELETE /api/medications/{medication.id}/doses/{existing.id} to undo it"
        )
    log = DoseLog(medication_id=medication.id, scheduled_at=when, status=status, recorded_at=now)
    ctx.session.add(log)
    ctx.session.flush()
    return log


def undo_dose(ctx: Ctx, medication_id: int, dose_id: int) -> None:
    medication = get_medication(ctx, medication_id)
    log = ctx.session.get(DoseLog, dose_id) if 0 < dose_id < 2**62 else None
    if log is None or log.medication_id != medication.id:
        raise NotFound(f"medication {medication_id} has no dose mark {dose_id}")
    ctx.session.delete(log)


# --- Providers and appointments ----------------------------------------------------------------


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


def _check_slot(
    ctx: Ctx, provider: Provider, start: datetime, end: datetime, exclude: int | None
) -> None:
    """The provider is open and free then, you have no other appointment then, and it is at
    least two hours ahead."""
    now = to_naive_utc(ctx.now)
    if start < now + MIN_NOTICE:
        raise invalid("start", "book at least two hours ahead; pick a later time")
    begins, ends = local(ctx, start), local(ctx, end)
    hours = f"{provider.opens}-{provider.closes} Monday to Friday"
    if (
        begins.weekday() >= 5
        or begins.date() != ends.date()
        or begins.strftime("%H:%M") < provider.opens
        or ends.strftime("%H:%M") > provider.closes
    ):
        raise invalid(
            "start",
            f"{provider.name} sees patients {hours} ({ctx.runtime.clock.tz.key}); "
            f"{begins:%a %Y-%m-%d %H:%M}-{ends:%H:%M} is outside those hours",
        )
    clash = ctx.session.scalars(
        select(Appointment).where(
            Appointment.status == "scheduled",
            Appointment.start_at < end,
            Appointment.end_at > start,
            Appointment.id != (exclude or 0),
            or_(Appointment.user_id == ctx.user_id, Appointment.provider_id == provider.id),
        )
    ).first()
    if clash is not None and clash.user_id == ctx.user_id:
        raise Conflict(
            f"you already have appointment {clash.code} from {local(ctx, clash.start_at):%H:%M} "
            f"to {local(ctx, clash.end_at):%H:%M} that day; pick another time"
        )
    if clash is not None:
        raise Conflict(f"{provider.name} is already booked at that time; pick another time")


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
