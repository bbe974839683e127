"""The health web UI: today's page (record, nutrition against goals, diary, doses), the food
catalogue, activities, medications and appointments. Every action calls ``logic``."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any, TypeVar

from flask import Blueprint, flash, redirect, request, url_for
from pydantic import BaseModel, ValidationError

from mock_services.core.api import Ctx
from mock_services.core.errors import ValidationFailed
from mock_services.core.ui import page, render

from . import logic
from .api import activity_out, appointment_out, entry_out, food_out, nutrition_out, record_out
from .models import ACTIVITY_KINDS, MEALS
from .schemas import ActivityIn, AppointmentIn, MedicationIn, RecordUpdate

ui = Blueprint("health_ui", __name__, template_folder="templates")
ModelT = TypeVar("ModelT", bound=BaseModel)


def _form(model: type[ModelT], **values: Any) -> ModelT:
    """``model`` from the given form values (blank ones left out), or a 422 naming the field."""
    data = {k: v for k, v in values.items() if v not in ("", None)}
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "form"
        raise ValidationFailed(f"{where}: {first['msg']}") from None


def _day(ctx: Ctx, source: dict[str, str] | Any) -> date:
    raw = (source.get("day") or "").strip()
    return logic.parse_day(raw) if raw else logic.today(ctx)


def _local_moment(ctx: Ctx, day_field: str, time_field: str) -> datetime:
    day = logic.parse_day(request.form.get(day_field, "").strip(), day_field)
    raw = request.form.get(time_field, "").strip()
    try:
        at = time.fromisoformat(raw)
    except ValueError:
        raise ValidationFailed(f"{time_field}: {raw!r} is not a time; expected HH:MM") from None
    return datetime.combine(day, at, tzinfo=ctx.runtime.clock.tz)


def _back_to_day(day: date) -> Any:
    return redirect(url_for("health_ui.today_page", day=day.isoformat()), 303)


@page(ui, "/")
def today_page(ctx: Ctx) -> Any:
    day = _day(ctx, request.args)
    record = logic.record_for(ctx, day)
    return render(
        "health/today.html",
        ctx,
        day=day,
        today=logic.today(ctx),
        record=record_out(record) if record else None,
        nutrition=nutrition_out(logic.day_summary(ctx, day)),
        entries=[entry_out(e) for e in logic.diary(ctx, day)],
        doses=logic.schedule(ctx, day),
        meals=MEALS,
    )


@page(ui, "/records", methods=("POST",))
def record_save(ctx: Ctx) -> Any:
    day = _day(ctx, request.form)
    body = _form(RecordUpdate, **{k: request.form.get(k, "") for k in logic.RECORD_FIELDS})
    logic.save_record(ctx, day, body.model_dump(exclude_unset=True))
    flash(f"Saved your record for {day}.", "ok")
    return _back_to_day(day)


@page(ui, "/diary/<int:entry_id>/delete", methods=("POST",))
def entry_delete(ctx: Ctx, entry_id: int) -> Any:
    entry = logic.get_entry(ctx, entry_id)
    day, name = entry.day, entry.food_name
    logic.delete_entry(ctx, entry_id)
    flash(f"Removed {name} from {day}.", "ok")
    return _back_to_day(day)


@page(ui, "/foods")
def foods_page(ctx: Ctx) -> Any:
    q = request.args.get("q", "").strip()[:200]
    rows, total = logic.search_foods(ctx, q or None, False, 1, 50)
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


@page(ui, "/diary", methods=("POST",))
def entry_add(ctx: Ctx) -> Any:
    day = _day(ctx, request.form)
    meal = request.form.get("meal", "")
    if meal not in MEALS:
        raise ValidationFailed(f"meal: expected one of {', '.join(MEALS)}, got {meal!r}")
    try:
        food_id = int(request.form.get("food_id", ""))
        servings = float(request.form.get("servings", "1"))
    except ValueError:
        raise ValidationFailed("servings: expected a number such as 1 or 1.5") from None
    if not 0 < servings <= 50:
        raise ValidationFailed("servings: must be more than 0 and at most 50")
    entry = logic.add_entry(ctx, day, meal, food_id, servings)
    flash(f"Added {entry.food_name} ({entry.kcal:g} kcal) to {meal}.", "ok")
    return _back_to_day(day)


@page(ui, "/doses", methods=("POST",))
def dose_mark(ctx: Ctx) -> Any:
    day = _day(ctx, request.form)
    status = "skipped" if request.form.get("status") == "skipped" else "taken"
    try:
        medication_id = int(request.form.get("medication_id", ""))
    except ValueError:
        raise ValidationFailed("medication_id: expected a medication's id") from None
    at = request.form.get("time", "")
    log = logic.record_dose(ctx, medication_id, day, at, status)
    flash(f"Marked the {at} dose {log.status}.", "ok")
    return _back_to_day(day)


@page(ui, "/activities")
def activities_page(ctx: Ctx) -> Any:
    rows, total = logic.list_activities(ctx, None, None, None, 1, 50)
    return render(
        "health/activities.html",
        ctx,
        activities=[activity_out(a) for a in rows],
        total=total,
        kinds=ACTIVITY_KINDS,
        today=logic.today(ctx),
    )


@page(ui, "/activities", methods=("POST",))
def activity_log(ctx: Ctx) -> Any:
    body = _form(
        ActivityIn,
        kind=request.form.get("kind"),
        started_at=_local_moment(ctx, "day", "time"),
        duration_minutes=request.form.get("duration_minutes"),
        distance_km=request.form.get("distance_km"),
        steps=request.form.get("steps"),
        kcal_burned=request.form.get("kcal_burned"),
        notes=request.form.get("notes"),
    )
    activity = logic.log_activity(ctx, body)
    flash(f"Logged your {activity.kind} ({activity.duration_minutes} min).", "ok")
    return redirect(url_for("health_ui.activities_page"), 303)


@page(ui, "/medications")
def medications_page(ctx: Ctx) -> Any:
    return render(
        "health/medications.html",
        ctx,
        medications=logic.list_medications(ctx, None),
        today=logic.today(ctx),
    )


@page(ui, "/medications", methods=("POST",))
def medication_add(ctx: Ctx) -> Any:
    times = [t.strip() for t in request.form.get("times", "").split(",") if t.strip()]
    body = _form(
        MedicationIn,
        name=request.form.get("name"),
        dose=request.form.get("dose"),
        instructions=request.form.get("instructions"),
        times=times,
        start_date=request.form.get("start_date"),
        end_date=request.form.get("end_date"),
    )
    medication = logic.add_medication(ctx, body)
    flash(f"Added {medication.name} at {', '.join(medication.times)}.", "ok")
    return redirect(url_for("health_ui.medications_page"), 303)


@page(ui, "/medications/<int:medication_id>/stop", methods=("POST",))
def medication_stop(ctx: Ctx, medication_id: int) -> Any:
    medication = logic.stop_medication(ctx, medication_id)
    flash(f"Stopped {medication.name}.", "ok")
    return redirect(url_for("health_ui.medications_page"), 303)


@page(ui, "/appointments")
def appointments_page(ctx: Ctx) -> Any:
    rows, total = logic.list_appointments(ctx, None, False, 1, 100)
    return render(
        "health/appointments.html",
        ctx,
        appointments=[
            appointment_out(ctx, a, logic.get_provider(ctx, a.provider_id)) for a in rows
        ],
        total=total,
        providers=logic.list_providers(ctx, None, None),
        today=logic.today(ctx),
        tz=ctx.runtime.clock.tz.key,
    )


@page(ui, "/appointments", methods=("POST",))
def appointment_book(ctx: Ctx) -> Any:
    body = _form(
        AppointmentIn,
        provider_id=request.form.get("provider_id"),
        start=_local_moment(ctx, "day", "time"),
        duration_minutes=request.form.get("duration_minutes"),
        reason=request.form.get("reason"),
        notes=request.form.get("notes"),
    )
    appointment = logic.book_appointment(ctx, body)
    flash(f"Booked {appointment.code}; a calendar invitation is on its way.", "ok")
    return redirect(url_for("health_ui.appointments_page"), 303)


@page(ui, "/appointments/<code>/cancel", methods=("POST",))
def appointment_cancel(ctx: Ctx, code: str) -> Any:
    appointment = logic.cancel_appointment(ctx, code)
    flash(f"Cancelled {appointment.code}.", "ok")
    return redirect(url_for("health_ui.appointments_page"), 303)
