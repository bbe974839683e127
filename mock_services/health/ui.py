"""The health web UI: today's page (record, nutrition against goals, diary, doses), the food
catalogue, activities, medications and appointments. Every action calls the area modules."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any, get_args

from flask import Blueprint, flash, redirect, request, url_for

from mock_services.core.base.clock import local_moment, to_naive_utc, with_zone
from mock_services.core.base.errors import ValidationFailed
from mock_services.core.data.paging import Window
from mock_services.core.spec.api import Ctx
from mock_services.core.web.forms import FormInvalid, day_and_time, form_value, read_form
from mock_services.core.web.ui import listed, page, render
from mock_services.core.web.wording import day_words, for_people, moment_words

from . import activities, appointments, days, diary, foods, medications, records
from .api import (
    activity_out,
    appointment_out,
    entry_out,
    food_out,
    nutrition_out,
    record_out,
)
from .food_rows import food_rows
from .models import ACTIVITY_KINDS, MEALS, Appointment, AppointmentStatus, Provider
from .schemas import (
    ActivityIn,
    AppointmentIn,
    DoseIn,
    EntryIn,
    EntryUpdate,
    FoodIn,
    FoodUpdate,
    GoalsOut,
    GoalsUpdate,
    MedicationIn,
    MedicationUpdate,
    RecordUpdate,
    RescheduleIn,
)

ui = Blueprint("health_ui", __name__, template_folder="templates")
ui.add_app_template_global(food_rows)
APPOINTMENT_STATUSES: tuple[str, ...] = get_args(AppointmentStatus)

NUTRIENT_WORDS = {
    "kcal": ("Calories", "kcal"),
    "protein_g": ("Protein", "g"),
    "carbs_g": ("Carbohydrates", "g"),
    "fat_g": ("Fat", "g"),
    "fiber_g": ("Fiber", "g"),
    "sugar_g": ("Sugar", "g"),
    "sodium_mg": ("Sodium", "mg"),
}
"""Each nutrient of the nutrition table by its name in words and its unit, as MyFitnessPal's
diary heads its columns ("Protein", "g")."""
NUTRIENT_STATUS_WORDS = {
    "under": "Under goal",
    "met": "Goal met",
    "within": "Within limit",
    "over": "Over limit",
    "none": "No goal",
}
"""A nutrient's standing against its goal in words (a target is under or met, a limit within
or over)."""


@ui.app_template_filter("nutrient_name")
def nutrient_name(nutrient: str) -> str:
    return NUTRIENT_WORDS.get(nutrient, (nutrient, ""))[0]


@ui.app_template_filter("nutrient_amount")
def nutrient_amount(value: float | None, nutrient: str) -> str:
    """``75 g``, ``1,250 kcal``, ``2.5 g``: an amount with its unit, no stray ``.0``."""
    if value is None:
        return "-"
    unit = NUTRIENT_WORDS.get(nutrient, (nutrient, ""))[1]
    figure = f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"
    return f"{figure} {unit}".strip()


@ui.app_template_filter("nutrient_status")
def nutrient_status(status: str) -> str:
    return NUTRIENT_STATUS_WORDS.get(status, status)


def _day(ctx: Ctx) -> date:
    """The page's day (its query's ``day``); none is today."""
    raw = request.args.get("day", "").strip()
    return days.parse_day(raw) if raw else ctx.today


def _local_moment(ctx: Ctx) -> datetime:
    """The form's day and time fields as one moment in the task's time zone."""
    return with_zone(day_and_time("day", "time"), ctx.runtime.clock.tz)


def _back_to_day(day: date) -> Any:
    return redirect(url_for("health_ui.today_page", day=day.isoformat()), 303)


ARRIVE_EARLY = timedelta(minutes=15)
"""How long before a visit the portal asks the patient to arrive (MyChart's "Arrive by")."""


@page(
    ui,
    "/",
    shows=(
        "get_record",
        "get_diary",
        "nutrition",
        "medication_schedule",
        "list_appointments",
        "list_records",
    ),
)
def today_page(ctx: Ctx) -> Any:
    """The portal's home: cards for the next visits, today's medications and the latest
    measurements, then the chosen day's doses, nutrition, diary and record."""
    day, today = _day(ctx), ctx.today
    record = records.record_for(ctx, day)
    soonest, _ = appointments.list_appointments(ctx, "scheduled", True, Window(per_page=3))
    latest = records.list_records(ctx, None, None, Window(per_page=1)).items
    return render(
        "health/today.html",
        ctx,
        visits=[
            (
                appointment_out(ctx, a, appointments.get_provider(ctx, a.provider_id)),
                local_moment(a.start_at, ctx.runtime.clock.tz),
                local_moment(a.start_at - ARRIVE_EARLY, ctx.runtime.clock.tz),
            )
            for a in soonest
        ],
        latest=record_out(latest[0]) if latest else None,
        todays_doses=medications.schedule(ctx, today) if day != today else None,
        day=day,
        today=today,
        previous_day=day - timedelta(days=1),
        next_day=day + timedelta(days=1) if day < today else None,  # the Day form's max
        record=record_out(record) if record else None,
        nutrition=nutrition_out(diary.day_summary(ctx, day)),
        entries=[entry_out(e) for e in diary.entries_of(ctx, day)],
        doses=medications.schedule(ctx, day),
        meals=MEALS,
    )


def _query_day(name: str) -> date | None:
    """A GET form's optional day field; a blank or unreadable one is no bound."""
    try:
        return date.fromisoformat(request.args.get(name, "").strip())
    except ValueError:
        return None


def _local_now(ctx: Ctx) -> datetime:
    """The page's "Today" (the task's zone): a notice says a time as the pages do."""
    return local_moment(ctx.now, ctx.runtime.clock.tz)


@page(ui, "/records", methods=("POST",), operation="save_record")
def record_save(ctx: Ctx) -> Any:
    day = form_value("day", date, blank=ctx.today)
    # The page shows the day's values: a field emptied clears it, as null does in the API.
    body = read_form(RecordUpdate, cleared=records.RECORD_FIELDS, verbatim=("notes",))
    records.save_record(ctx, day, body.model_dump(exclude_unset=True))
    flash(f"Saved your record for {day_words(day, ctx.today)}.", "ok")
    return _back_to_day(day)


@page(ui, "/records/<day>/delete", methods=("POST",), operation="delete_record")
def record_delete(ctx: Ctx, day: str) -> Any:
    on = days.parse_day(day)
    records.delete_record(ctx, on)
    flash(f"Deleted your record for {day_words(on, ctx.today)}.", "ok")
    return _back_to_day(on)


@page(ui, "/records", shows=(listed("list_records", per_page="100"),))
def records_page(ctx: Ctx) -> Any:
    start, end = _query_day("start"), _query_day("end")
    rows, total = records.list_records(ctx, start, end, Window(per_page=100))
    return render(
        "health/records.html",
        ctx,
        records=[record_out(r) for r in rows],
        total=total,
        start=start,
        end=end,
        today=ctx.today,
    )


@page(ui, "/goals", shows=("get_goals",))
def goals_page(ctx: Ctx) -> Any:
    return render("health/goals.html", ctx, goals=GoalsOut.model_validate(records.goals(ctx)))


@page(ui, "/goals", methods=("POST",), operation="update_goals")
def goals_update(ctx: Ctx) -> Any:
    # A blank target keeps its value, but the target weight is optional: emptied, it is none.
    body = read_form(GoalsUpdate, cleared=("target_weight_kg",))
    records.update_goals(ctx, body.model_dump(include=body.model_fields_set))
    flash("Saved your goals.", "ok")
    return redirect(url_for("health_ui.goals_page"), 303)


@page(ui, "/diary/<int:entry_id>/delete", methods=("POST",), operation="delete_entry")
def entry_delete(ctx: Ctx, entry_id: int) -> Any:
    entry = diary.get_entry(ctx, entry_id)
    day, name = entry.day, entry.food_name
    diary.delete_entry(ctx, entry_id)
    flash(f"Removed {name} from {day_words(day, ctx.today)}.", "ok")
    return _back_to_day(day)


@page(ui, "/diary/<int:entry_id>", methods=("POST",), operation="update_entry")
def entry_update(ctx: Ctx, entry_id: int) -> Any:
    body = read_form(EntryUpdate)
    entry = diary.update_entry(ctx, entry_id, body.meal, body.servings)
    flash(f"Changed {entry.food_name}: {entry.servings:g} servings at {entry.meal}.", "ok")
    return _back_to_day(entry.day)


@page(ui, "/foods", shows=(listed("search_foods", per_page="50"),))
def foods_page(ctx: Ctx) -> Any:
    q = request.args.get("q", "").strip()[:200]
    mine = request.args.get("mine") == "1"
    rows, total = foods.search_foods(ctx, q or None, mine, Window(per_page=50))
    return render(
        "health/foods.html",
        ctx,
        q=q,
        mine=mine,
        foods=[food_out(f) for f in rows],
        total=total,
        day=_day(ctx),
        meal=request.args.get("meal") if request.args.get("meal") in MEALS else "snack",
        meals=MEALS,
    )


@page(ui, "/foods", methods=("POST",), operation="create_food")
def food_create(ctx: Ctx) -> Any:
    food = foods.create_food(ctx, read_form(FoodIn))
    flash(f"Added your food {food.name} ({food.kcal:g} kcal per {food.serving}).", "ok")
    return redirect(url_for("health_ui.foods_page", mine=1), 303)


@page(ui, "/foods/<int:food_id>", shows=("get_food",))
def food_page(ctx: Ctx, food_id: int) -> Any:
    return render(
        "health/food.html",
        ctx,
        food=food_out(foods.food_row(ctx, food_id)),
        day=ctx.today,
        meals=MEALS,
    )


@page(ui, "/foods/<int:food_id>/edit", methods=("POST",), operation="update_food")
def food_update(ctx: Ctx, food_id: int) -> Any:
    # A blank field keeps its value (the brand can be emptied: it is kept blank).
    body = read_form(FoodUpdate, keep_blank=("brand",))
    fields = body.model_dump(include=body.model_fields_set, exclude_none=True)
    food = foods.update_food(ctx, food_id, fields)
    flash(f"Saved {food.name}; diary entries already logged keep their nutrients.", "ok")
    return redirect(url_for("health_ui.food_page", food_id=food_id), 303)


@page(ui, "/foods/<int:food_id>/delete", methods=("POST",), operation="delete_food")
def food_delete(ctx: Ctx, food_id: int) -> Any:
    name = foods.own_food(ctx, food_id).name
    foods.delete_food(ctx, food_id)
    flash(f"Deleted your food {name}.", "ok")
    return redirect(url_for("health_ui.foods_page", mine=1), 303)


@page(ui, "/diary", methods=("POST",), operation="add_entry")
def entry_add(ctx: Ctx) -> Any:
    body = read_form(EntryIn, given={"day": form_value("day", date, blank=ctx.today)})
    entry = diary.add_entry(ctx, body.day, body.meal, body.food_id, body.servings)
    flash(f"Added {entry.food_name} ({entry.kcal:g} kcal) to {body.meal}.", "ok")
    return _back_to_day(body.day)


@page(ui, "/doses", methods=("POST",), operation="record_dose")
def dose_mark(ctx: Ctx) -> Any:
    body = read_form(DoseIn)  # no day: today, as in the API
    medication_id = form_value("medication_id", int)
    day = body.day or ctx.today
    log = medications.record_dose(ctx, medication_id, day, body.time, body.status)
    name = medications.get_medication(ctx, medication_id).name
    flash(f"Marked {name} at {body.time} on {day_words(day, ctx.today)} {log.status}.", "ok")
    return _back_to_day(day)


@page(
    ui,
    "/medications/<int:medication_id>/doses/<int:dose_id>/undo",
    methods=("POST",),
    operation="undo_dose",
)
def dose_undo(ctx: Ctx, medication_id: int, dose_id: int) -> Any:
    day = form_value("day", date, blank=ctx.today)
    name = medications.get_medication(ctx, medication_id).name
    marked = next(
        (d for d in medications.schedule(ctx, day) if d.log and d.log.id == dose_id), None
    )
    medications.undo_dose(ctx, medication_id, dose_id)
    dose = f"{name} at {marked.local_time}" if marked else name
    was = f"marked {marked.status}" if marked else "marked"
    flash(f"{dose} on {day_words(day, ctx.today)} is no longer {was}; it is open again.", "ok")
    return _back_to_day(day)


@page(ui, "/activities", shows=(listed("list_activities", per_page="50"),))
def activities_page(ctx: Ctx) -> Any:
    kind = request.args.get("kind") if request.args.get("kind") in ACTIVITY_KINDS else None
    start, end = _query_day("start"), _query_day("end")
    rows, total = activities.list_activities(ctx, kind, start, end, Window(per_page=50))
    return render(
        "health/activities.html",
        ctx,
        activities=[activity_out(a) for a in rows],
        total=total,
        kinds=ACTIVITY_KINDS,
        today=ctx.today,
        shown_kind=kind,
        start=start,
        end=end,
    )


@page(ui, "/activities/<int:activity_id>", shows=("get_activity",))
def activity_page(ctx: Ctx, activity_id: int) -> Any:
    activity = activity_out(activities.get_activity(ctx, activity_id))
    return render("health/activity.html", ctx, activity=activity)


@page(ui, "/activities/<int:activity_id>/delete", methods=("POST",), operation="delete_activity")
def activity_delete(ctx: Ctx, activity_id: int) -> Any:
    activity = activities.get_activity(ctx, activity_id)
    kind, started = activity.kind, local_moment(activity.started_at, ctx.runtime.clock.tz)
    activities.delete_activity(ctx, activity_id)
    flash(f"Deleted your {kind} of {moment_words(started, _local_now(ctx))}.", "ok")
    return redirect(url_for("health_ui.activities_page"), 303)


@page(ui, "/activities", methods=("POST",), operation="log_activity")
def activity_log(ctx: Ctx) -> Any:
    started_at = _local_moment(ctx)
    body = read_form(ActivityIn, given={"started_at": started_at}, fields={"started_at": "time"})
    activity = activities.log_activity(ctx, body)
    flash(f"Logged your {activity.kind} ({activity.duration_minutes} min).", "ok")
    return redirect(url_for("health_ui.activities_page"), 303)


_ACTIVE_CHOICES = {"true": True, "false": False}


@page(ui, "/medications", shows=("list_medications",))
def medications_page(ctx: Ctx) -> Any:
    shown = request.args.get("active", "")
    return render(
        "health/medications.html",
        ctx,
        medications=medications.list_medications(ctx, _ACTIVE_CHOICES.get(shown)),
        today=ctx.today,
        shown=shown if shown in _ACTIVE_CHOICES else "",
    )


@page(ui, "/medications/<int:medication_id>", shows=("get_medication",))
def medication_page(ctx: Ctx, medication_id: int) -> Any:
    return render(
        "health/medication.html",
        ctx,
        medication=medications.get_medication(ctx, medication_id),
        today=ctx.today,
    )


@page(
    ui,
    "/medications/<int:medication_id>/edit",
    methods=("POST",),
    operation="update_medication",
)
def medication_update(ctx: Ctx, medication_id: int) -> Any:
    # The form shows every field: an emptied end date or text clears it; a blank name, dose,
    # times or start date keeps its value (they cannot be none).
    body = read_form(
        MedicationUpdate, cleared=("end_date",), keep_blank=("instructions", "prescriber")
    )
    fields = body.model_dump(include=body.model_fields_set)
    medication = medications.update_medication(ctx, medication_id, fields)
    flash(f"Saved {medication.name}: {medication.dose} at {', '.join(medication.times)}.", "ok")
    return redirect(url_for("health_ui.medication_page", medication_id=medication_id), 303)


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


@page(ui, "/appointments", shows=(listed("list_appointments", per_page="100"),))
def appointments_page(ctx: Ctx) -> Any:
    status = request.args.get("status")
    status = status if status in APPOINTMENT_STATUSES else None
    upcoming = request.args.get("upcoming") == "1"
    rows, total = appointments.list_appointments(ctx, status, upcoming, Window(per_page=100))
    now, tz = to_naive_utc(ctx.now), ctx.runtime.clock.tz
    # the providers the booking form offers, and each row's: read once, not once a row
    providers = appointments.list_providers(ctx, None, None)
    by_id = {p.id: p for p in providers}
    shown = [
        (
            appointment_out(
                ctx, a, by_id.get(a.provider_id) or appointments.get_provider(ctx, a.provider_id)
            ),
            local_moment(a.start_at, tz),
            local_moment(a.start_at - ARRIVE_EARLY, tz) if a.status == "scheduled" else None,
        )
        for a in rows
    ]
    ahead = [a.start_at >= now and a.status == "scheduled" for a in rows]
    coming = [v for v, is_ahead in zip(shown, ahead, strict=True) if is_ahead]
    chosen = next((p for p in providers if str(p.id) == request.args.get("provider_id")), None)
    provider = chosen or providers[0]
    minutes = request.args.get("duration_minutes", "30").strip() or "30"
    day = (
        request.args.get("day", "").strip()
        or (
            appointments.first_open_day(ctx, provider, int(minutes) if minutes.isdigit() else 30)
        ).isoformat()
    )
    return render(
        "health/appointments.html",
        ctx,
        appointments=[v[0] for v in shown],
        coming=sorted(coming, key=lambda v: v[1]),
        past=[v for v, is_ahead in zip(shown, ahead, strict=True) if not is_ahead],
        total=total,
        providers=providers,
        today=ctx.today,
        tz=ctx.runtime.clock.tz.key,
        statuses=APPOINTMENT_STATUSES,
        shown_status=status,
        upcoming=upcoming,
        provider=provider,
        day=day,
        minutes=minutes,
        slots=_open_slots(ctx, provider, day, minutes),
    )


@page(ui, "/providers", shows=("list_providers",))
def providers_page(ctx: Ctx) -> Any:
    q = request.args.get("q", "").strip()[:200]
    specialty = request.args.get("specialty", "").strip()[:100]
    everyone = appointments.list_providers(ctx, None, None)  # the specialty picker's
    return render(
        "health/providers.html",
        ctx,
        providers=(
            appointments.list_providers(ctx, q or None, specialty or None)
            if q or specialty
            else everyone
        ),
        specialties=sorted({p.specialty for p in everyone}),
        q=q,
        specialty=specialty,
        tz=ctx.runtime.clock.tz.key,
    )


@page(ui, "/appointments/schedule", shows=("list_providers",))
def schedule_page(ctx: Ctx) -> Any:
    """Schedule an appointment in steps, as MyChart does: the reason for the visit, then the
    provider, then a day and time in the task's zone, then a page to confirm that books it
    (through the Book form's own route). Each step is a GET form carrying the earlier answers."""
    reason = request.args.get("reason", "").strip()[:500]
    specialty = request.args.get("specialty", "").strip()[:100]
    everyone = appointments.list_providers(ctx, None, None)
    chosen = next((p for p in everyone if str(p.id) == request.args.get("provider_id")), None)
    day, at = request.args.get("day", "").strip(), request.args.get("time", "").strip()
    minutes = request.args.get("duration_minutes", "30").strip() or "30"
    step = 1 if not reason else 2 if chosen is None else 3 if not (day and at) else 4
    slots = _open_slots(ctx, chosen, day, minutes) if chosen and step == 3 and day else None
    return render(
        "health/schedule.html",
        ctx,
        step=step,
        reason=reason,
        specialty=specialty,
        specialties=sorted({p.specialty for p in everyone}),
        providers=[p for p in everyone if not specialty or p.specialty == specialty],
        provider=chosen,
        day=day,
        time=at,
        minutes=minutes,
        slots=slots,
        today=ctx.today,
        tz=ctx.runtime.clock.tz.key,
    )


def _open_slots(
    ctx: Ctx, provider: Provider, day: str, minutes: str, moving: int | None = None
) -> list[datetime] | str:
    """The open times the booking and reschedule forms offer on the day asked for (``moving``:
    the appointment rescheduled), or why they offer none (a day or a duration they cannot
    read)."""
    try:
        asked = date.fromisoformat(day)
    except ValueError:
        return f"day: expected a date such as {ctx.today.isoformat()}, got {day!r}"
    length = int(minutes) if minutes.isdigit() else 0
    if not 5 <= length <= 480:
        return f"duration minutes: expected a number of minutes from 5 to 480, got {minutes!r}"
    return appointments.open_slots(ctx, provider, asked, length, moving)


@page(ui, "/appointments", methods=("POST",), operation="book_appointment")
def appointment_book(ctx: Ctx) -> Any:
    start = _local_moment(ctx)
    body = read_form(AppointmentIn, given={"start": start}, fields={"start": "time"})
    try:
        appointment = appointments.book_appointment(ctx, body)
    except appointments.SlotTaken as exc:
        raise FormInvalid.field("time", for_people(exc.message)) from None
    except ValidationFailed as exc:
        # the start refused (too soon, closed hours): said by the Time field, with the
        # provider and everything typed kept
        starts = [
            str(detail.get("message") or exc.message)
            for detail in (exc.details or [])
            if isinstance(detail, dict) and list(detail.get("loc", ())) == ["body", "start"]
        ]
        if not starts:
            raise
        raise FormInvalid.field("time", for_people(starts[0])) from None
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
    """An appointment, and while it can change: its Reschedule form with the provider's open
    times on a day (the first with one, or the day asked for) to move it to, and Cancel."""
    appointment = appointments.get_appointment(ctx, code)
    provider = appointments.get_provider(ctx, appointment.provider_id)
    shown = appointment_out(ctx, appointment, provider)
    minutes = int((appointment.end_at - appointment.start_at).total_seconds() // 60)
    changeable = _can_change(ctx, appointment)
    day = request.args.get("day", "").strip()
    if changeable and not day:
        day = appointments.first_open_day(ctx, provider, minutes, moving=appointment.id).isoformat()
    return render(
        "health/appointment.html",
        ctx,
        appointment=shown,
        changeable=changeable,
        minutes=minutes,
        day=day,
        slots=_open_slots(ctx, provider, day, str(minutes), appointment.id) if changeable else [],
        today=ctx.today,
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
    try:
        appointment = appointments.reschedule_appointment(
            ctx, code, body.start, body.duration_minutes
        )
    except appointments.SlotTaken as exc:
        raise FormInvalid.field("start", for_people(exc.message)) from None
    moved = local_moment(appointment.start_at, ctx.runtime.clock.tz)
    provider = appointments.get_provider(ctx, appointment.provider_id)
    visit = f"{appointment.reason or provider.specialty} with {provider.name}"
    flash(
        f"Moved {visit} ({appointment.code}) to {moment_words(moved, _local_now(ctx))}; "
        "the invitation moves too.",
        "ok",
    )
    return redirect(url_for("health_ui.appointment_page", code=appointment.code), 303)
