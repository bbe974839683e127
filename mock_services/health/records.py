"""Goals and daily records: your daily targets, and one record a day (sleep, weight, blood
pressure, resting heart rate, mood, notes), never for a future day."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import NotFound, invalid_field
from mock_services.core.data.paging import Page, Paging, page_of_select
from mock_services.core.spec.api import Ctx

from .days import check_past_day
from .models import (
    DailyRecord,
    Goals,
)

RECORD_FIELDS = (
    "sleep_minutes",
    "weight_kg",
    "systolic",
    "diastolic",
    "resting_heart_rate",
    "mood",
    "notes",
)


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
        raise invalid_field(missing, "blood pressure needs both systolic and diastolic")
    if systolic is not None and diastolic >= systolic:
        raise invalid_field(
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
