"""The health service's seed document: users with goals, providers, the food catalogue, and
each user's daily records, activities, food diary, medications (with dose marks) and
appointments, referenced by natural keys (username, food code, provider code)."""

from __future__ import annotations

import re
from datetime import date, timedelta
from types import SimpleNamespace
from typing import Any

from pydantic import Field, field_validator, model_validator

from mock_services.core.base.schemas import EmailAddress
from mock_services.core.seeding.seed import SeedDate, SeedDateTime, SeedModel, ServiceSeed
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    Embedded,
    Entity,
    Entry,
    Exporting,
    Hook,
    Ref,
    Section,
    SeedMap,
    code_from_id,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed

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


# --- Load and export: one mapping per entity ---------------------------------------------------


def nutrients_of(food: Any, servings: float) -> dict[str, float]:
    """A food's nutrients for ``servings`` servings, rounded to 0.1."""
    return {name: round(getattr(food, name) * servings, 1) for name in NUTRIENTS}


def _plain(model: type[SeedModel], *but: str) -> tuple[str, ...]:
    """The fields of ``model`` stored as they are, in columns of the same names."""
    return tuple(name for name in model.model_fields if name not in ("id", *but))


def _one_record_a_day(entry: Entry) -> None:
    day = entry.row["day"]
    for row in entry.loading.earlier("record", "user_id", entry):
        if row["day"] == day:
            first = list(entry.loading.rows["record"].values()).index(row)
            raise entry.ctx.error(
                (*entry.loc, "day"),
                f"{entry.seed.user} already has a record for {day} at records[{first}]; "
                "give each day one record",
            )


def _food(entry: Entry) -> dict[str, Any]:
    return entry.loading.rows["food"][entry.row["food_id"]]


def _own_food(entry: Entry) -> None:
    """A diary line's food is shared, or the user's own."""
    owner = _food(entry)["owner_id"]
    if owner is not None and owner != entry.row["user_id"]:
        diary = entry.seed
        owner_name = entry.loading.rows["user"][owner]["username"]
        raise entry.ctx.error(
            (*entry.loc, "food"), f"food {diary.food!r} is {owner_name}'s own, not {diary.user}'s"
        )


def _food_nutrients(entry: Entry) -> dict[str, float]:
    """What a diary line logs without ``logged``: its food's nutrients times the servings."""
    return nutrients_of(SimpleNamespace(**_food(entry)), entry.seed.servings)


def _food_name_shown(line: FoodEntry, export: Exporting) -> str | None:
    """A diary line's food name, left out when it is its food's."""
    name = export.objects["food"][line.food_id].name
    return line.food_name if line.food_name != name else None


def _logged_shown(line: FoodEntry, export: Exporting) -> bool:
    """Whether a diary line's nutrients are other than its food's times the servings."""
    logged = {name: getattr(line, name) for name in NUTRIENTS}
    return logged != nutrients_of(export.objects["food"][line.food_id], line.servings)


def _medication_named_once(entry: Entry) -> None:
    name = entry.row["name"]
    if any(row["name"] == name for row in entry.loading.earlier("medication", "user_id", entry)):
        raise entry.ctx.error(
            (*entry.loc, "name"), f"{entry.seed.user} has two medications named {name!r}"
        )


def _duration_minutes(appointment: Appointment, _: Exporting) -> int:
    return int((appointment.end_at - appointment.start_at).total_seconds() // 60)


GOALS = Entity("goals", GoalsSeed, Goals, _plain(GoalsSeed))
USER = Entity(
    "user",
    HealthUserSeed,
    User,
    (*USER_FIELDS, "birth_date", "height_cm"),
    key="username",
    children=(Children("goals", GOALS, "user_id", single=True),),
)
PROVIDER = Entity("provider", ProviderSeed, Provider, _plain(ProviderSeed), key="code")
FOOD = Entity(
    "food",
    FoodSeed,
    Food,
    (*_plain(FoodSeed, "owner"), Ref("owner", "owner_id", "user")),
    key="code",
)
RECORD = Entity(
    "record",
    DailyRecordSeed,
    DailyRecord,
    (
        Ref("user", "user_id", "user"),
        *_plain(DailyRecordSeed, "user", "updated_at"),
        moment("updated_at", default=now_naive),
    ),
    check=_one_record_a_day,
)
ACTIVITY = Entity(
    "activity",
    ActivitySeed,
    Activity,
    (
        Ref("user", "user_id", "user"),
        *_plain(ActivitySeed, "user", "started_at"),
        moment("started_at"),
    ),
)
DIARY = Entity(
    "diary",
    DiaryEntrySeed,
    FoodEntry,
    (
        Ref("user", "user_id", "user"),
        "day",
        "meal",
        Ref("food", "food_id", "food"),
        "servings",
        Hook(
            "food_name",
            "food_name",
            lambda e: e.seed.food_name or _food(e)["name"],
            _food_name_shown,
        ),
        Embedded(
            "logged", NutrientsSeed, {n: n for n in NUTRIENTS}, _food_nutrients, _logged_shown
        ),
        moment("logged_at", default=now_naive),
    ),
    check=_own_food,
)
DOSE = Entity(
    "dose",
    DoseSeed,
    DoseLog,
    (
        moment("at", "scheduled_at"),
        "status",
        moment("recorded_at", default=lambda e: e.seed.at),
    ),
    inserted_by_id=True,
)
MEDICATION = Entity(
    "medication",
    MedicationSeed,
    Medication,
    (Ref("user", "user_id", "user"), *_plain(MedicationSeed, "user", "doses")),
    children=(Children("doses", DOSE, "medication_id"),),
    check=_medication_named_once,
)
APPOINTMENT = Entity(
    "appointment",
    AppointmentSeed,
    Appointment,
    (
        code_from_id("code", appointment_code),
        Ref("user", "user_id", "user"),
        Ref("provider", "provider_id", "provider"),
        moment("start", "start_at"),
        Hook(
            column="end_at",
            load_with=lambda e: e.seed.start + timedelta(minutes=e.seed.duration_minutes),
        ),
        Hook("duration_minutes", dump_with=_duration_minutes),
        "reason",
        "status",
        "notes",
        moment("created_at", default=now_naive),
        moment("cancelled_at"),
    ),
)
SEED_MAP = SeedMap(
    HealthSeed,
    (
        Section("users", USER),
        Section("providers", PROVIDER),
        Section("foods", FOOD),
        Section("records", RECORD),
        Section("activities", ACTIVITY),
        Section("diary", DIARY),
        Section("medications", MEDICATION),
        Section("appointments", APPOINTMENT),
    ),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
