"""Medications taken daily at set times, their schedule of a day, and dose marks (taken or
skipped)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from sqlalchemy import func, select

from mock_services.core.base.access import check_owner
from mock_services.core.base.clock import naive_utc_at, to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, invalid_field
from mock_services.core.spec.api import Ctx

from .models import (
    DoseLog,
    Medication,
)

EARLY_DOSE = timedelta(hours=1)

MISSED_AFTER = timedelta(hours=2)


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
        raise invalid_field("end_date", f"{end} is before start_date {start}")


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
    start = body.start_date or ctx.today
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
    medication.end_date = max(ctx.today, medication.start_date)
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
            when = naive_utc_at(day, time.fromisoformat(at), ctx.runtime.clock.tz)
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
        raise invalid_field(
            "time", f"{medication.name} is taken at {', '.join(medication.times)}, not at {at}"
        )
    if not _takes_on(medication, day):
        last = medication.end_date.isoformat() if medication.end_date else "open-ended"
        raise Conflict(
            f"{medication.name} is not taken on {day} (from {medication.start_date} to {last})"
        )
    when = naive_utc_at(day, time.fromisoformat(at), ctx.runtime.clock.tz)
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
