"""The health service's seed document: users with goals, providers, the food catalogue, and
each user's daily records, activities, food diary, medications (with dose marks) and
appointments, referenced by natural keys (username, food code, provider code)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import Any

from pydantic import Field, field_validator, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.auth import UserSeed, user_row, user_seed_fields
from mock_services.core.clock import to_naive_utc
from mock_services.core.schemas import EmailAddress
from mock_services.core.seeding import (
    SeedContext,
    SeedDate,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    bulk_insert,
)

from .models import (
    NUTRIENTS,
    Activity,
    ActivityKind,
    Appointment,
    AppointmentStatus,
    DailyRecord,
    DoseLog,
    DoseStatus,
    Food,
    FoodEntry,
    Goals,
    Meal,
    Medication,
    Provider,
    User,
)

_CLOCK_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
_CODE = r"^[a-z0-9]+(-[a-z0-9]+)*$"


def appointment_code(appointment_id: int) -> str:
    """``APT-000012`` for the appointment with id 12."""
    return f"APT-{appointment_id:06d}"


def check_times(times: list[str]) -> list[str]:
    """A medication's daily times: "HH:MM", distinct, returned sorted."""
    for value in times:
        if not _CLOCK_TIME.match(value):
            raise ValueError(f"time {value!r} is not a time of day; expected HH:MM (24 h)")
    if len(set(times)) != len(times):
        raise ValueError(f"times {times} lists a time twice")
    return sorted(times)


class GoalsSeed(SeedModel):
    kcal: int = Field(2000, ge=800, le=6000)
    protein_g: int = Field(75, ge=0, le=400)
    carbs_g: int = Field(250, ge=0, le=900)
    fat_g: int = Field(70, ge=0, le=400)
    fiber_g: int = Field(30, ge=0, le=150)
    sodium_mg: int = Field(2300, ge=0, le=10_000)
    steps: int = Field(8000, ge=0, le=100_000)
    active_minutes: int = Field(30, ge=0, le=600)
    sleep_minutes: int = Field(480, ge=0, le=960)
    target_weight_kg: float | None = Field(None, ge=20, le=400)


class HealthUserSeed(UserSeed):
    birth_date: date | None = None
    height_cm: int | None = Field(None, ge=50, le=260)
    goals: GoalsSeed = GoalsSeed()


class ProviderSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    code: str = Field(pattern=_CODE, max_length=40)
    name: str = Field(min_length=1, max_length=200)
    specialty: str = Field(min_length=1, max_length=100)
    clinic: str = Field(min_length=1, max_length=200)
    address: str = Field(min_length=1, max_length=300)
    email: EmailAddress
    phone: str = Field("", max_length=40)
    opens: str = Field("08:00", description="local opening time on weekdays, HH:MM")
    closes: str = Field("18:00", description="local closing time on weekdays, HH:MM")

    @model_validator(mode="after")
    def _hours(self) -> ProviderSeed:
        check_times([self.opens, self.closes])
        if self.closes <= self.opens:
            raise ValueError(f"closes ({self.closes}) must be after opens ({self.opens})")
        return self


class NutrientsSeed(SeedModel):
    kcal: float = Field(ge=0, le=5000)
    protein_g: float = Field(ge=0, le=500)
    carbs_g: float = Field(ge=0, le=1000)
    fat_g: float = Field(ge=0, le=500)
    fiber_g: float = Field(0.0, ge=0, le=200)
    sugar_g: float = Field(0.0, ge=0, le=1000)
    sodium_mg: float = Field(0.0, ge=0, le=20_000)


class FoodSeed(NutrientsSeed):
    """A food per serving; ``owner`` makes it a user's private custom food."""

    id: int | None = Field(None, ge=1)
    code: str = Field(pattern=_CODE, max_length=64)
    owner: str | None = Field(None, description="username; default: the shared catalogue")
    name: str = Field(min_length=1, max_length=200)
    brand: str = Field("", max_length=100)
    serving: str = Field(min_length=1, max_length=100, examples=["1 cup (240 ml)"])


class DailyRecordSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    user: str
    day: SeedDate
    sleep_minutes: int | None = Field(None, ge=0, le=1440)
    weight_kg: float | None = Field(None, ge=20, le=400)
    systolic: int | None = Field(None, ge=60, le=260)
    diastolic: int | None = Field(None, ge=30, le=160)
    resting_heart_rate: int | None = Field(None, ge=25, le=220)
    mood: int | None = Field(None, ge=1, le=5)
    notes: str = Field("", max_length=2000)
    updated_at: SeedDateTime | None = None

    @model_validator(mode="after")
    def _pressure(self) -> DailyRecordSeed:
        if (self.systolic is None) != (self.diastolic is None):
            raise ValueError("give systolic and diastolic together")
        if self.systolic is not None and self.diastolic >= self.systolic:  # type: ignore[operator]
            raise ValueError("diastolic must be lower than systolic")
        return self


class ActivitySeed(SeedModel):
    id: int | None = Field(None, ge=1)
    user: str
    kind: ActivityKind
    started_at: SeedDateTime
    duration_minutes: int = Field(ge=1, le=1440)
    distance_km: float | None = Field(None, ge=0, le=1000)
    steps: int = Field(0, ge=0, le=200_000)
    kcal_burned: int = Field(0, ge=0, le=20_000)
    notes: str = Field("", max_length=2000)


class DiaryEntrySeed(SeedModel):
    """A food diary line. The nutrients default to the food's times ``servings``; ``logged``
    keeps other values (an export of a custom food edited since)."""

    id: int | None = Field(None, ge=1)
    user: str
    day: SeedDate
    meal: Meal
    food: str = Field(description="food code")
    servings: float = Field(1.0, gt=0, le=50)
    food_name: str | None = Field(None, max_length=200, description="default: the food's name")
    logged: NutrientsSeed | None = None
    logged_at: SeedDateTime | None = None


class DoseSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    at: SeedDateTime = Field(description="the scheduled time this mark is for")
    status: DoseStatus = "taken"
    recorded_at: SeedDateTime | None = None


class MedicationSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    user: str
    name: str = Field(min_length=1, max_length=120)
    dose: str = Field(min_length=1, max_length=60, examples=["10 mg"])
    instructions: str = Field("", max_length=1000)
    times: list[str] = Field(min_length=1, max_length=12, examples=[["08:00", "20:00"]])
    start_date: SeedDate
    end_date: SeedDate | None = None
    prescriber: str = Field("", max_length=200)
    active: bool = True
    doses: list[DoseSeed] = []

    _times = field_validator("times")(check_times)

    @model_validator(mode="after")
    def _dates(self) -> MedicationSeed:
        if self.end_date is not None and self.end_date < self.start_date:
            raise ValueError(f"end_date {self.end_date} is before start_date {self.start_date}")
        return self


class AppointmentSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    code: str | None = Field(None, pattern=r"^APT-\d{6}$")
    user: str
    provider: str = Field(description="provider code")
    start: SeedDateTime
    duration_minutes: int = Field(30, ge=5, le=480)
    reason: str = Field(min_length=1, max_length=500)
    status: AppointmentStatus = "scheduled"
    notes: str = Field("", max_length=2000)
    created_at: SeedDateTime | None = None
    cancelled_at: SeedDateTime | None = None

    @model_validator(mode="after")
    def _cancelled(self) -> AppointmentSeed:
        if (self.status == "cancelled") != (self.cancelled_at is not None):
            raise ValueError("a cancelled appointment needs cancelled_at, and only it")
        return self


class HealthSeed(ServiceSeed):
    users: list[HealthUserSeed] = []
    providers: list[ProviderSeed] = []
    foods: list[FoodSeed] = []
    records: list[DailyRecordSeed] = []
    activities: list[ActivitySeed] = []
    diary: list[DiaryEntrySeed] = []
    medications: list[MedicationSeed] = []
    appointments: list[AppointmentSeed] = []


# --- Loading ---------------------------------------------------------------------------------


def _naive(value: datetime | None, default: datetime) -> datetime:
    return to_naive_utc(value) if value is not None else default


def load(session: Session, seed: HealthSeed, ctx: SeedContext) -> None:
    now = to_naive_utc(ctx.now)
    _load_users(session, seed, ctx)
    _load_providers(session, seed, ctx)
    foods = _load_foods(session, seed, ctx)
    _load_records(session, seed, ctx, now)
    _load_activities(session, seed, ctx)
    _load_diary(session, seed, ctx, foods, now)
    _load_medications(session, seed, ctx, now)
    _load_appointments(session, seed, ctx, now)


def _insert(session: Session, model: type[Any], rows: list[dict[str, Any]]) -> None:
    if rows:
        bulk_insert(session, model, rows)


def _load_users(session: Session, seed: HealthSeed, ctx: SeedContext) -> None:
    users, goals = [], []
    for i, user in enumerate(seed.users):
        ctx.register("user", user.username, i + 1, ("users", i, "username"))
        users.append(
            {
                **user_row("health", user, i + 1),
                "birth_date": user.birth_date,
                "height_cm": user.height_cm,
            }
        )
        goals.append({"id": i + 1, "user_id": i + 1, **user.goals.model_dump()})
    _insert(session, User, users)
    _insert(session, Goals, goals)


def _load_providers(session: Session, seed: HealthSeed, ctx: SeedContext) -> None:
    ids = ctx.allocate_ids([p.id for p in seed.providers], ("providers",))
    ctx.register_all("provider", [p.code for p in seed.providers], ids, ("providers",), "code")
    _insert(
        session,
        Provider,
        [{**p.model_dump(exclude={"id"}), "id": ids[i]} for i, p in enumerate(seed.providers)],
    )


def _load_foods(session: Session, seed: HealthSeed, ctx: SeedContext) -> dict[str, FoodSeed]:
    ids = ctx.allocate_ids([f.id for f in seed.foods], ("foods",))
    ctx.register_all("food", [f.code for f in seed.foods], ids, ("foods",), "code")
    rows = [
        {
            **f.model_dump(exclude={"id", "owner"}),
            "id": ids[i],
            "owner_id": ctx.ref("user", f.owner, ("foods", i, "owner")) if f.owner else None,
        }
        for i, f in enumerate(seed.foods)
    ]
    _insert(session, Food, rows)
    return {f.code: f for f in seed.foods}


def _load_records(session: Session, seed: HealthSeed, ctx: SeedContext, now: datetime) -> None:
    ids = ctx.allocate_ids([r.id for r in seed.records], ("records",))
    rows, seen = [], {}
    for i, r in enumerate(seed.records):
        uid = ctx.ref("user", r.user, ("records", i, "user"))
        if (uid, r.day) in seen:
            raise ctx.error(
                ("records", i, "day"),
                f"{r.user} already has a record for {r.day} at records[{seen[(uid, r.day)]}]; "
                "give each day one record",
            )
        seen[(uid, r.day)] = i
        rows.append(
            {
                **r.model_dump(exclude={"id", "user", "updated_at"}),
                "id": ids[i],
                "user_id": uid,
                "updated_at": _naive(r.updated_at, now),
            }
        )
    _insert(session, DailyRecord, rows)


def _load_activities(session: Session, seed: HealthSeed, ctx: SeedContext) -> None:
    ids = ctx.allocate_ids([a.id for a in seed.activities], ("activities",))
    rows = [
        {
            **a.model_dump(exclude={"id", "user", "started_at"}),
            "id": ids[i],
            "user_id": ctx.ref("user", a.user, ("activities", i, "user")),
            "started_at": to_naive_utc(a.started_at),
        }
        for i, a in enumerate(seed.activities)
    ]
    _insert(session, Activity, rows)


def nutrients_of(food: Any, servings: float) -> dict[str, float]:
    """A food's nutrients for ``servings`` servings, rounded to 0.1."""
    return {name: round(getattr(food, name) * servings, 1) for name in NUTRIENTS}


def _load_diary(
    session: Session, seed: HealthSeed, ctx: SeedContext, foods: dict[str, FoodSeed], now: datetime
) -> None:
    ids = ctx.allocate_ids([e.id for e in seed.diary], ("diary",))
    rows = []
    for i, e in enumerate(seed.diary):
        loc = ("diary", i)
        uid = ctx.ref("user", e.user, (*loc, "user"))
        food_id = ctx.ref("food", e.food, (*loc, "food"))
        food = foods[e.food]
        if food.owner is not None and food.owner != e.user:
            raise ctx.error(
                (*loc, "food"), f"food {e.food!r} is {food.owner}'s own, not {e.user}'s"
            )
        nutrients = e.logged.model_dump() if e.logged else nutrients_of(food, e.servings)
        rows.append(
            {
                "id": ids[i],
                "user_id": uid,
                "day": e.day,
                "meal": e.meal,
                "food_id": food_id,
                "food_name": e.food_name or food.name,
                "servings": e.servings,
                **nutrients,
                "logged_at": _naive(e.logged_at, now),
            }
        )
    _insert(session, FoodEntry, rows)


def _load_medications(session: Session, seed: HealthSeed, ctx: SeedContext, now: datetime) -> None:
    ids = ctx.allocate_ids([m.id for m in seed.medications], ("medications",))
    dose_ids = iter(
        ctx.allocate_ids([d.id for m in seed.medications for d in m.doses], ("medications",))
    )
    rows, doses, names = [], [], set()
    for i, m in enumerate(seed.medications):
        uid = ctx.ref("user", m.user, ("medications", i, "user"))
        if (uid, m.name) in names:
            raise ctx.error(
                ("medications", i, "name"), f"{m.user} has two medications named {m.name!r}"
            )
        names.add((uid, m.name))
        rows.append({**m.model_dump(exclude={"id", "user", "doses"}), "id": ids[i], "user_id": uid})
        for d in m.doses:
            doses.append(
                {
                    "id": next(dose_ids),
                    "medication_id": ids[i],
                    "scheduled_at": to_naive_utc(d.at),
                    "status": d.status,
                    "recorded_at": _naive(d.recorded_at, to_naive_utc(d.at)),
                }
            )
    _insert(session, Medication, rows)
    _insert(session, DoseLog, sorted(doses, key=lambda r: r["id"]))


def _load_appointments(session: Session, seed: HealthSeed, ctx: SeedContext, now: datetime) -> None:
    ids = ctx.allocate_ids([a.id for a in seed.appointments], ("appointments",))
    rows = []
    for i, a in enumerate(seed.appointments):
        loc = ("appointments", i)
        start = to_naive_utc(a.start)
        rows.append(
            {
                "id": ids[i],
                "code": a.code or appointment_code(ids[i]),
                "user_id": ctx.ref("user", a.user, (*loc, "user")),
                "provider_id": ctx.ref("provider", a.provider, (*loc, "provider")),
                "start_at": start,
                "end_at": start + timedelta(minutes=a.duration_minutes),
                "reason": a.reason,
                "status": a.status,
                "notes": a.notes,
                "created_at": _naive(a.created_at, now),
                "cancelled_at": to_naive_utc(a.cancelled_at) if a.cancelled_at else None,
            }
        )
    _insert(session, Appointment, rows)


# --- Export ----------------------------------------------------------------------------------


def _aware(value: datetime | None) -> datetime | None:
    return value.replace(tzinfo=UTC) if value is not None else None


def dump(session: Session, ctx: SeedContext) -> HealthSeed:
    users = session.scalars(select(User).order_by(User.id)).all()
    names = {u.id: u.username for u in users}
    goals = {g.user_id: g for g in session.scalars(select(Goals))}
    foods = session.scalars(select(Food).order_by(Food.id)).all()
    food_by_id = {f.id: f for f in foods}
    providers = session.scalars(select(Provider).order_by(Provider.id)).all()
    provider_codes = {p.id: p.code for p in providers}
    doses: dict[int, list[DoseSeed]] = {}
    for d in session.scalars(select(DoseLog).order_by(DoseLog.id)):
        doses.setdefault(d.medication_id, []).append(
            DoseSeed(
                id=d.id,
                at=_aware(d.scheduled_at),  # type: ignore[arg-type]
                status=d.status,  # type: ignore[arg-type]
                recorded_at=_aware(d.recorded_at),
            )
        )
    return HealthSeed(
        users=[
            HealthUserSeed(
                **user_seed_fields(u),
                birth_date=u.birth_date,
                height_cm=u.height_cm,
                goals=GoalsSeed(**_columns(goals[u.id], GoalsSeed)),
            )
            for u in users
        ],
        providers=[ProviderSeed(**_columns(p, ProviderSeed)) for p in providers],
        foods=[FoodSeed(**_columns(f, FoodSeed, owner=names.get(f.owner_id or 0))) for f in foods],
        records=[
            DailyRecordSeed(
                **_columns(r, DailyRecordSeed, user=names[r.user_id]),
            )
            for r in session.scalars(select(DailyRecord).order_by(DailyRecord.id))
        ],
        activities=[
            ActivitySeed(**_columns(a, ActivitySeed, user=names[a.user_id]))
            for a in session.scalars(select(Activity).order_by(Activity.id))
        ],
        diary=[
            _diary_seed(e, food_by_id[e.food_id], names)
            for e in session.scalars(select(FoodEntry).order_by(FoodEntry.id))
        ],
        medications=[
            MedicationSeed(
                **_columns(m, MedicationSeed, user=names[m.user_id], doses=doses.get(m.id, []))
            )
            for m in session.scalars(select(Medication).order_by(Medication.id))
        ],
        appointments=[
            AppointmentSeed(
                id=a.id,
                code=a.code,
                user=names[a.user_id],
                provider=provider_codes[a.provider_id],
                start=_aware(a.start_at),  # type: ignore[arg-type]
                duration_minutes=int((a.end_at - a.start_at).total_seconds() // 60),
                reason=a.reason,
                status=a.status,  # type: ignore[arg-type]
                notes=a.notes,
                created_at=_aware(a.created_at),
                cancelled_at=_aware(a.cancelled_at),
            )
            for a in session.scalars(select(Appointment).order_by(Appointment.id))
        ],
    )


def _columns(row: Any, model: type[SeedModel], **given: Any) -> dict[str, Any]:
    """The fields of ``model`` read from the same-named attributes of ``row`` (datetimes
    made aware), overridden by ``given``."""
    fields: dict[str, Any] = {}
    for name in model.model_fields:
        if name in given:
            fields[name] = given[name]
        elif hasattr(row, name):
            value = getattr(row, name)
            fields[name] = _aware(value) if isinstance(value, datetime) else value
    return fields


def _diary_seed(entry: FoodEntry, food: Food, names: dict[int, str]) -> DiaryEntrySeed:
    logged = {name: getattr(entry, name) for name in NUTRIENTS}
    return DiaryEntrySeed(
        id=entry.id,
        user=names[entry.user_id],
        day=entry.day,
        meal=entry.meal,  # type: ignore[arg-type]
        food=food.code,
        servings=entry.servings,
        food_name=entry.food_name if entry.food_name != food.name else None,
        logged=None if logged == nutrients_of(food, entry.servings) else NutrientsSeed(**logged),
        logged_at=_aware(entry.logged_at),
    )
