"""The health web UI: today's page (record, nutrition against goals, diary, doses), the food
catalogue, activities, medications and appointments. Every action calls the area modules."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

from flask import Blueprint, flash, redirect, request, url_for

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.data.paging import Window
from mock_services.core.spec.api import Ctx
from mock_services.core.web.forms import FormInvalid, read_form
from mock_services.core.web.ui import page, render

from . import activities, appointments, days, diary, foods, medications, records
from .api import activity_out, appointment_out, entry_out, food_out, nutrition_out, record_out
from .models import ACTIVITY_KINDS, MEALS, Appointment
from .schemas import (
    ActivityIn,
    AppointmentIn,
    DoseIn,
    EntryIn,
    MedicationIn,
    RecordUpdate,
    RescheduleIn,
)

ui = Blueprint("health_ui", __name__, template_folder="templates")


def _day(ctx: Ctx, source: dict[str, str] | Any) -> date:
    raw = (source.get("day") or "").strip()
    return days.parse_day(raw) if raw else days.today(ctx)


def _local_moment(ctx: Ctx, day_field: str, time_field: str) -> datetime:
    """The form's day and time fields as one moment in the task's time zone."""
    raw_day = request.form.get(day_field, "").strip()
    raw_time = request.form.get(time_field, "").strip()
    try:
        day = date.fromisoformat(raw_day)
    except ValueError:
        raise FormInvalid.field(day_field, "expected a date such as 2026-03-05") from None
    try:
        at = time.fromisoformat(raw_time)
    except ValueError:
        raise FormInvalid.field(time_field, "expected a time such as 09:30") from None
    return datetime.combine(day, at, tzinfo=ctx.runtime.clock.tz)


def _back_to_day(day: date) -> Any:
    return redirect(url_for("health_ui.today_page", day=day.isoformat()), 303)


@page(ui, "/")
def today_page(ctx: Ctx) -> Any:
    day = _day(ctx, request.args)
    record = records.record_for(ctx, day)
    return render(
        "health/today.html",
        ctx,
        day=day,
        today=days.today(ctx),
        record=record_out(record) if record else None,
        nutrition=nutrition_out(diary.day_summary(ctx, day)),
        entries=[entry_out(e) for e in diary.entries_of(ctx, day)],
        doses=medications.schedule(ctx, day),
        meals=MEALS,
    )


@page(ui, "/records", methods=("POST",), operation="save_record")
def record_save(ctx: Ctx) -> Any:
    day = _day(ctx, request.form)
    # The page shows the day's values: a field emptied clears it, as null does in the API.
    body = read_form(RecordUpdate, cleared=records.RECORD_FIELDS, verbatim=("notes",))
    records.save_record(ctx, day, body.model_dump(exclude_unset=True))
    flash(f"Saved your record for {day}.", "ok")
    return _back_to_day(day)


@page(ui, "/diary/<int:entry_id>/delete", methods=("POST",), operation="delete_entry")
def entry_delete(ctx: Ctx, entry_id: int) -> Any:
    entry = diary.get_entry(ctx, entry_id)
    day, name = entry.day, entry.food_name
    diary.delete_entry(ctx, entry_id)
    flash(f"Removed {name} from {day}.", "ok")
    return _back_to_day(day)


@page(ui, "/foods")
def foods_page(ctx: Ctx) -> Any:
    q = request.args.get("q", "").strip()[:200]
    rows, total = foods.search_foods(ctx, q or None, False, Window(per_page=50))
    return render(
        "health/foods.html",
        ctx,
        q=q,
        foods=[food_out(f) for f in rows],
        total=total,
        day=_day(ctx, request.args),
        meal=request.args.get("meal") if request.args.get("meal") in MEALS else "snack",
        meals=MEALS,
    )


@page(ui, "/diary", methods=("POST",), operation="add_entry")
def entry_add(ctx: Ctx) -> Any:
    body = read_form(EntryIn, given={"day": _day(ctx, request.form)})
    entry = diary.add_entry(ctx, body.day, body.meal, body.food_id, body.servings)
    flash(f"Added {entry.food_name} ({entry.kcal:g} kcal) to {body.meal}.", "ok")
    return _back_to_day(body.day)


@page(ui, "/doses", methods=("POST",), operation="record_dose")
def dose_mark(ctx: Ctx) -> Any:
    body = read_form(DoseIn, given={"day": _day(ctx, request.form)})
    try:
        medication_id = int(request.form.get("medication_id", ""))
    except ValueError:
        raise FormInvalid.field("medication_id", "expected a medication's id") from None
    day = body.day or days.today(ctx)
    log = medications.record_dose(ctx, medication_id, day, body.time, body.status)
    flash(f"Marked the {body.time} dose {log.status}.", "ok")
    return _back_to_day(day)


@page(ui, "/activities")
def activities_page(ctx: Ctx) -> Any:
    rows, total = activities.list_activities(ctx, None, None, None, Window(per_page=50))
    return render(
        "health/activities.html",
        ctx,
        activities=[activity_out(a) for a in rows],
        total=total,
        kinds=ACTIVITY_KINDS,
        today=days.today(ctx),
    )


@page(ui, "/activities", methods=("POST",), operation="log_activity")
def activity_log(ctx: Ctx) -> Any:
    started_at = _local_moment(ctx, "day", "time")
    body = read_form(ActivityIn, given={"started_at": started_at}, fields={"started_at": "time"})
    activity = activities.log_activity(ctx, body)
    flash(f"Logged your {activity.kind} ({activity.duration_minutes} min).", "ok")
    return redirect(url_for("health_ui.activities_page"), 303)


@page(ui, "/medications")
def medications_page(ctx: Ctx) -> Any:
    return render(
        "health/medications.html",
        ctx,
        medications=medications.list_medications(ctx, None),
        today=days.today(ctx),
    )


@page(ui, "/medications", methods=("POST",), operation="add_medication")
def medication_add(ctx: Ctx) -> Any:
    body = read_form(MedicationIn)
    medication = medications.add_medication(ctx, body)
    flash(f"Added {medication.name} at {', '.join(medication.times)}.", "ok")
    return redirect(url_for("health_ui.medications_page"), 303)


@page(ui, "/medications/<int:medication_id>/stop", methods=("POST",), operation="stop_medication")
def medication_stop(ctx: Ctx, medication_id: int) -> Any:
    medication = medications.stop_medication(ctx, medication_id)
    flash(f"Stopped {medication.name}.", "ok")
    return redirect(url_for("health_ui.medications_page"), 303)


@page(ui, "/appointments")
def appointments_page(ctx: Ctx) -> Any:
    rows, total = appointments.list_appointments(ctx, None, False, Window(per_page=100))
    return render(
        "health/appointments.html",
        ctx,
        appointments=[
            appointment_out(ctx, a, appointments.get_provider(ctx, a.provider_id)) for a in rows
        ],
        total=total,
        providers=appointments.list_providers(ctx, None, None),
        today=days.today(ctx),
        tz=ctx.runtime.clock.tz.key,
    )


@page(ui, "/appointments", methods=("POST",), operation="book_appointment")
def appointment_book(ctx: Ctx) -> Any:
    start = _local_moment(ctx, "day", "time")
    body = read_form(AppointmentIn, given={"start": start}, fields={"start": "time"})
    appointment = appointments.book_appointment(ctx, body)
    flash(f"Booked {appointment.code}; a calendar invitation is on its way.", "ok")
    return redirect(url_for("health_ui.appointments_page"), 303)


@page(ui, "/appointments/<code>/cancel", methods=("POST",), operation="cancel_appointment")
def appointment_cancel(ctx: Ctx, code: str) -> Any:
    appointment = appointments.cancel_appointment(ctx, code)
    flash(f"Cancelled {appointment.code}.", "ok")
    return redirect(url_for("health_ui.appointments_page"), 303)


def _can_change(ctx: Ctx, appointment: Appointment) -> bool:
    """Still scheduled and not started: it can be moved or cancelled."""
    return appointment.status == "scheduled" and appointment.start_at > to_naive_utc(ctx.now)


@page(ui, "/appointments/<code>", shows=("get_appointment",))
def appointment_page(ctx: Ctx, code: str) -> Any:
    appointment = appointments.get_appointment(ctx, code)
    shown = appointment_out(
        ctx, appointment, appointments.get_provider(ctx, appointment.provider_id)
    )
    return render(
        "health/appointment.html",
        ctx,
        appointment=shown,
        changeable=_can_change(ctx, appointment),
        minutes=int((appointment.end_at - appointment.start_at).total_seconds() // 60),
        today=days.today(ctx),
        tz=ctx.runtime.clock.tz.key,
    )


@page(
    ui,
    "/appointments/<code>/reschedule",
    methods=("POST",),
    operation="reschedule_appointment",
)
def appointment_reschedule(ctx: Ctx, code: str) -> Any:
    # One date-and-time field, read in the task's zone: the service's refusal of the new
    # start (closed hours, too soon) is shown next to it.
    body = read_form(RescheduleIn, local_times=("start",))
    appointment = appointments.reschedule_appointment(ctx, code, body.start, body.duration_minutes)
    moved = days.local(ctx, appointment.start_at)
    flash(f"Moved {appointment.code} to {moved:%a %Y-%m-%d %H:%M}; the invitation moves too.", "ok")
    return redirect(url_for("health_ui.appointment_page", code=appointment.code), 303)
