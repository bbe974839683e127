"""The health JSON API under /api: goals, daily records, activities, the food catalogue and
diary with nutrition totals, medications and their schedule, providers and appointments."""

from __future__ import annotations

import sqlite3
from datetime import date
from typing import TypeVar

from mock_services.core.base.clock import iso, local_moment
from mock_services.core.base.schemas import OutModel
from mock_services.core.data.paging import page_answer
from mock_services.core.spec.api import Api, Ctx

from . import activities, appointments, days, diary, foods, medications, records
from .models import Activity, Appointment, DailyRecord, DoseLog, FoodEntry, Provider
from .schemas import (
    ActivityIn,
    ActivityOut,
    ActivityPage,
    ActivityQuery,
    AppointmentIn,
    AppointmentOut,
    AppointmentPage,
    AppointmentQuery,
    DayQuery,
    DoseIn,
    DoseOut,
    EntryIn,
    EntryList,
    EntryOut,
    EntryUpdate,
    FoodIn,
    FoodOut,
    FoodPage,
    FoodQuery,
    FoodUpdate,
    GoalsOut,
    GoalsUpdate,
    MedicationIn,
    MedicationList,
    MedicationOut,
    MedicationQuery,
    MedicationUpdate,
    NutrientOut,
    NutritionOut,
    ProviderList,
    ProviderOut,
    ProviderQuery,
    RangeQuery,
    RecordOut,
    RecordPage,
    RecordUpdate,
    RescheduleIn,
    ScheduleItem,
    ScheduleOut,
)

api = Api("health_api", url_prefix="/api", tag="health")
OutT = TypeVar("OutT", bound=OutModel)


# --- Converters (also used by the UI) ----------------------------------------------------------


def _from_row(model: type[OutT], row: object, **given: object) -> OutT:
    """``model`` from the same-named attributes of ``row``, overridden by ``given``."""
    fields = {name: getattr(row, name, None) for name in model.model_fields if name not in given}
    return model.model_validate({**fields, **given})


def record_out(record: DailyRecord) -> RecordOut:
    return _from_row(RecordOut, record, updated_at=iso(record.updated_at))


def activity_out(activity: Activity) -> ActivityOut:
    return ActivityOut(
        id=activity.id,
        kind=activity.kind,
        started_at=iso(activity.started_at) or "",
        duration_minutes=activity.duration_minutes,
        distance_km=activity.distance_km,
        steps=activity.steps,
        kcal_burned=activity.kcal_burned,
        notes=activity.notes,
    )


def food_out(row: sqlite3.Row) -> FoodOut:
    """A ``foods.FOOD_ROWS`` row as the API answers it."""
    fields = {name: row[name] for name in FoodOut.model_fields if name != "custom"}
    return FoodOut(**fields, custom=row["owner_id"] is not None)


def entry_out(entry: FoodEntry) -> EntryOut:
    return _from_row(EntryOut, entry, logged_at=iso(entry.logged_at))


def nutrition_out(summary: diary.DaySummary) -> NutritionOut:
    return NutritionOut(
        day=summary.day,
        nutrients=[NutrientOut.model_validate(line) for line in summary.lines],
        kcal_by_meal=summary.by_meal,
        entry_count=summary.entry_count,
        kcal_burned=summary.kcal_burned,
        steps=summary.steps,
        active_minutes=summary.active_minutes,
    )


def dose_out(dose: DoseLog) -> DoseOut:
    return DoseOut(
        id=dose.id,
        medication_id=dose.medication_id,
        scheduled_at=iso(dose.scheduled_at) or "",
        status=dose.status,
        recorded_at=iso(dose.recorded_at) or "",
    )


def schedule_out(day: date, doses: list[medications.ScheduledDose]) -> ScheduleOut:
    return ScheduleOut(
        day=day,
        items=[
            ScheduleItem(
                medication_id=d.medication.id,
                name=d.medication.name,
                dose=d.medication.dose,
                time=d.local_time,
                scheduled_at=iso(d.scheduled_at) or "",
                status=d.status,
                dose_id=d.log.id if d.log else None,
                recorded_at=iso(d.log.recorded_at) if d.log else None,
            )
            for d in doses
        ],
    )


def appointment_out(ctx: Ctx, appointment: Appointment, provider: Provider) -> AppointmentOut:
    start_local = local_moment(appointment.start_at, ctx.runtime.clock.tz)
    return AppointmentOut(
        id=appointment.id,
        code=appointment.code,
        provider=ProviderOut.model_validate(provider),
        start=iso(appointment.start_at) or "",
        end=iso(appointment.end_at) or "",
        start_local=start_local.isoformat(),
        reason=appointment.reason,
        status=appointment.status,
        notes=appointment.notes,
        created_at=iso(appointment.created_at) or "",
        cancelled_at=iso(appointment.cancelled_at),
    )


def _appointment(ctx: Ctx, appointment: Appointment) -> AppointmentOut:
    return appointment_out(
        ctx, appointment, appointments.get_provider(ctx, appointment.provider_id)
    )


# --- Goals and daily records -------------------------------------------------------------------


@api.get("/goals", response=GoalsOut)
def get_goals(ctx: Ctx) -> GoalsOut:
    """Your daily targets (nutrition, steps, active minutes, sleep, weight)."""
    return GoalsOut.model_validate(records.goals(ctx))


@api.patch("/goals", response=GoalsOut)
def update_goals(ctx: Ctx, body: GoalsUpdate) -> GoalsOut:
    """Change some of your daily targets."""
    fields = body.model_dump(include=body.model_fields_set)
    return GoalsOut.model_validate(records.update_goals(ctx, fields))


@api.get("/records", response=RecordPage)
def list_records(ctx: Ctx, query: RangeQuery) -> RecordPage:
    """Your daily health records (sleep, weight, blood pressure, mood), newest day first."""
    q = query
    rows, total = records.list_records(ctx, q.start, q.end, q)
    return page_answer(RecordPage, [record_out(r) for r in rows], total, q)


@api.get("/records/<day>", response=RecordOut, errors=(404, 422))
def get_record(ctx: Ctx, day: str) -> RecordOut:
    """The record of one day (YYYY-MM-DD)."""
    return record_out(records.get_record(ctx, days.parse_day(day)))


@api.put("/records/<day>", response=RecordOut, errors=(422,))
def save_record(ctx: Ctx, day: str, body: RecordUpdate) -> RecordOut:
    """Set fields of a day's record (created when missing); other fields keep their values.
    Not for future days; blood pressure needs both numbers, diastolic below systolic."""
    fields = body.model_dump(include=body.model_fields_set)
    record, _created = records.save_record(ctx, days.parse_day(day), fields)
    return record_out(record)


@api.delete("/records/<day>", status=204, errors=(404, 422))
def delete_record(ctx: Ctx, day: str) -> None:
    """Delete a day's record."""
    records.delete_record(ctx, days.parse_day(day))


# --- Activities --------------------------------------------------------------------------------


@api.get("/activities", response=ActivityPage)
def list_activities(ctx: Ctx, query: ActivityQuery) -> ActivityPage:
    """Your activities, newest first; filter by kind and by local days."""
    q = query
    rows, total = activities.list_activities(ctx, q.kind, q.start, q.end, q)
    return page_answer(ActivityPage, [activity_out(a) for a in rows], total, q)


@api.post("/activities", response=ActivityOut, status=201, errors=(409, 422))
def log_activity(ctx: Ctx, body: ActivityIn) -> ActivityOut:
    """Log a finished activity (it cannot end in the future nor overlap another)."""
    return activity_out(activities.log_activity(ctx, body))


@api.get("/activities/<int:activity_id>", response=ActivityOut, errors=(403, 404))
def get_activity(ctx: Ctx, activity_id: int) -> ActivityOut:
    """One of your activities."""
    return activity_out(activities.get_activity(ctx, activity_id))


@api.delete("/activities/<int:activity_id>", status=204, errors=(403, 404))
def delete_activity(ctx: Ctx, activity_id: int) -> None:
    """Delete one of your activities."""
    activities.delete_activity(ctx, activity_id)


# --- Food catalogue and diary ------------------------------------------------------------------


@api.get("/foods", response=FoodPage)
def search_foods(ctx: Ctx, query: FoodQuery) -> FoodPage:
    """Search the food catalogue and your custom foods by words of the name or brand."""
    q = query
    rows, total = foods.search_foods(ctx, q.q, q.mine, q)
    return page_answer(FoodPage, [food_out(f) for f in rows], total, q)


@api.get("/foods/<int:food_id>", response=FoodOut, errors=(404,))
def get_food(ctx: Ctx, food_id: int) -> FoodOut:
    """One food, nutrients per serving."""
    return food_out(foods.food_row(ctx, food_id))


@api.post("/foods", response=FoodOut, status=201, errors=(409,))
def create_food(ctx: Ctx, body: FoodIn) -> FoodOut:
    """Add a custom food (nutrients per serving) that only you see."""
    food = foods.create_food(ctx, body)
    return food_out(foods.food_row(ctx, food.id))


@api.patch("/foods/<int:food_id>", response=FoodOut, errors=(404, 409))
def update_food(ctx: Ctx, food_id: int, body: FoodUpdate) -> FoodOut:
    """Change one of your custom foods (logged diary entries keep their nutrients)."""
    fields = body.model_dump(include=body.model_fields_set, exclude_none=True)
    food = foods.update_food(ctx, food_id, fields)
    return food_out(foods.food_row(ctx, food.id))  # read after the change is flushed


@api.delete("/foods/<int:food_id>", status=204, errors=(404, 409))
def delete_food(ctx: Ctx, food_id: int) -> None:
    """Delete one of your custom foods that no diary entry uses."""
    foods.delete_food(ctx, food_id)


@api.get("/diary", response=EntryList)
def get_diary(ctx: Ctx, query: DayQuery) -> EntryList:
    """The food diary of a day (default today)."""
    day = query.day or ctx.today
    return EntryList(day=day, items=[entry_out(e) for e in diary.entries_of(ctx, day)])


@api.post("/diary", response=EntryOut, status=201, errors=(404, 422))
def add_entry(ctx: Ctx, body: EntryIn) -> EntryOut:
    """Log a food in a meal of a day (not a future day); nutrients scale with servings."""
    b = body
    return entry_out(diary.add_entry(ctx, b.day, b.meal, b.food_id, b.servings))


@api.patch("/diary/<int:entry_id>", response=EntryOut, errors=(403, 404))
def update_entry(ctx: Ctx, entry_id: int, body: EntryUpdate) -> EntryOut:
    """Move an entry to another meal or change its servings."""
    b = body
    return entry_out(diary.update_entry(ctx, entry_id, b.meal, b.servings))


@api.delete("/diary/<int:entry_id>", status=204, errors=(403, 404))
def delete_entry(ctx: Ctx, entry_id: int) -> None:
    """Remove an entry from the diary."""
    diary.delete_entry(ctx, entry_id)


@api.get("/nutrition", response=NutritionOut)
def nutrition(ctx: Ctx, query: DayQuery) -> NutritionOut:
    """A day's nutrition totals against your goals, kcal per meal, and its activity."""
    return nutrition_out(diary.day_summary(ctx, query.day or ctx.today))


# --- Medications -------------------------------------------------------------------------------


def medication_out(medication: object) -> MedicationOut:
    return MedicationOut.model_validate(medication)


@api.get("/medications", response=MedicationList)
def list_medications(ctx: Ctx, query: MedicationQuery) -> MedicationList:
    """Your medications by name; ``active=true`` for the ones you take now."""
    rows = medications.list_medications(ctx, query.active)
    return MedicationList(items=[medication_out(m) for m in rows])


@api.post("/medications", response=MedicationOut, status=201, errors=(409, 422))
def add_medication(ctx: Ctx, body: MedicationIn) -> MedicationOut:
    """Start tracking a medication taken daily at ``times`` (local HH:MM)."""
    return medication_out(medications.add_medication(ctx, body))


@api.get("/medications/schedule", response=ScheduleOut)
def medication_schedule(ctx: Ctx, query: DayQuery) -> ScheduleOut:
    """A day's doses in time order: taken, skipped, upcoming, due (under 2 h late) or missed."""
    day = query.day or ctx.today
    return schedule_out(day, medications.schedule(ctx, day))


@api.get("/medications/<int:medication_id>", response=MedicationOut, errors=(403, 404))
def get_medication(ctx: Ctx, medication_id: int) -> MedicationOut:
    """One of your medications."""
    return medication_out(medications.get_medication(ctx, medication_id))


@api.patch("/medications/<int:medication_id>", response=MedicationOut, errors=(403, 404, 409, 422))
def update_medication(ctx: Ctx, medication_id: int, body: MedicationUpdate) -> MedicationOut:
    """Change a medication's dose, times, dates or notes."""
    fields = body.model_dump(include=body.model_fields_set)
    for name in ("name", "dose", "times", "start_date", "instructions", "prescriber"):
        if fields.get(name, "") is None:
            del fields[name]
    return medication_out(medications.update_medication(ctx, medication_id, fields))


@api.post(
    "/medications/<int:medication_id>/stop",
    response=MedicationOut,
    errors=(403, 404, 409),
    destructive=True,
)
def stop_medication(ctx: Ctx, medication_id: int) -> MedicationOut:
    """Stop a medication from today on (its history stays)."""
    return medication_out(medications.stop_medication(ctx, medication_id))


@api.post(
    "/medications/<int:medication_id>/doses",
    response=DoseOut,
    status=201,
    errors=(403, 404, 409, 422),
)
def record_dose(ctx: Ctx, medication_id: int, body: DoseIn) -> DoseOut:
    """Mark a scheduled dose taken or skipped (at most an hour early, once)."""
    b = body
    day = b.day or ctx.today
    return dose_out(medications.record_dose(ctx, medication_id, day, b.time, b.status))


@api.delete("/medications/<int:medication_id>/doses/<int:dose_id>", status=204, errors=(403, 404))
def undo_dose(ctx: Ctx, medication_id: int, dose_id: int) -> None:
    """Undo a dose mark."""
    medications.undo_dose(ctx, medication_id, dose_id)


# --- Providers and appointments ----------------------------------------------------------------


@api.get("/providers", response=ProviderList)
def list_providers(ctx: Ctx, query: ProviderQuery) -> ProviderList:
    """Doctors and clinics to book with; search by name, specialty or clinic."""
    rows = appointments.list_providers(ctx, query.q, query.specialty)
    return ProviderList(items=[ProviderOut.model_validate(p) for p in rows])


@api.get("/appointments", response=AppointmentPage)
def list_appointments(ctx: Ctx, query: AppointmentQuery) -> AppointmentPage:
    """Your appointments, newest first (``upcoming=true``: from now, soonest first)."""
    q = query
    rows, total = appointments.list_appointments(ctx, q.status, q.upcoming, q)
    return page_answer(AppointmentPage, [_appointment(ctx, a) for a in rows], total, q)


@api.post("/appointments", response=AppointmentOut, status=201, errors=(404, 409, 422))
def book_appointment(ctx: Ctx, body: AppointmentIn) -> AppointmentOut:
    """Book an appointment (weekdays in the provider's hours, 2 h ahead, no overlap); you are
    invited in the calendar and get a confirmation mail."""
    return _appointment(ctx, appointments.book_appointment(ctx, body))


@api.get("/appointments/<code>", response=AppointmentOut, errors=(403, 404))
def get_appointment(ctx: Ctx, code: str) -> AppointmentOut:
    """One of your appointments by code (APT-000001)."""
    return _appointment(ctx, appointments.get_appointment(ctx, code))


@api.post(
    "/appointments/<code>/reschedule",
    response=AppointmentOut,
    errors=(403, 404, 409, 422),
    destructive=True,
)
def reschedule_appointment(ctx: Ctx, code: str, body: RescheduleIn) -> AppointmentOut:
    """Move a scheduled appointment (the calendar invitation moves with it)."""
    b = body
    return _appointment(
        ctx, appointments.reschedule_appointment(ctx, code, b.start, b.duration_minutes)
    )


@api.post(
    "/appointments/<code>/cancel", response=AppointmentOut, errors=(403, 404, 409), destructive=True
)
def cancel_appointment(ctx: Ctx, code: str) -> AppointmentOut:
    """Cancel a scheduled appointment that has not started (the invitation is cancelled)."""
    return _appointment(ctx, appointments.cancel_appointment(ctx, code))
