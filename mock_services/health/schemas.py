"""Request bodies and answers of the health API."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import AwareDatetime, Field, field_validator

from mock_services.core.base.schemas import ApiModel, OutModel, PageQuery

from .models import ActivityKind, AppointmentStatus, DoseStatus, Meal
from .seed import check_times

Weight = Field(None, ge=20, le=400, description="kg")


# --- Goals and records -------------------------------------------------------------------------


class GoalsOut(OutModel):
    kcal: int
    protein_g: int
    carbs_g: int
    fat_g: int
    fiber_g: int
    sodium_mg: int
    steps: int
    active_minutes: int
    sleep_minutes: int
    target_weight_kg: float | None


class GoalsUpdate(ApiModel):
    kcal: int | None = Field(None, ge=800, le=6000)
    protein_g: int | None = Field(None, ge=0, le=400)
    carbs_g: int | None = Field(None, ge=0, le=900)
    fat_g: int | None = Field(None, ge=0, le=400)
    fiber_g: int | None = Field(None, ge=0, le=150)
    sodium_mg: int | None = Field(None, ge=0, le=10_000)
    steps: int | None = Field(None, ge=0, le=100_000)
    active_minutes: int | None = Field(None, ge=0, le=600)
    sleep_minutes: int | None = Field(None, ge=0, le=960)
    target_weight_kg: float | None = Weight


class RecordOut(OutModel):
    id: int
    day: date
    sleep_minutes: int | None
    weight_kg: float | None
    systolic: int | None
    diastolic: int | None
    resting_heart_rate: int | None
    mood: int | None = Field(description="1 (very low) to 5 (great)")
    notes: str
    updated_at: str


class RecordUpdate(ApiModel):
    """The fields to set; the ones left out keep their values (null clears one)."""

    sleep_minutes: int | None = Field(None, ge=0, le=1440)
    weight_kg: float | None = Weight
    systolic: int | None = Field(None, ge=60, le=260, description="mmHg")
    diastolic: int | None = Field(None, ge=30, le=160, description="mmHg")
    resting_heart_rate: int | None = Field(None, ge=25, le=220, description="beats per minute")
    mood: int | None = Field(None, ge=1, le=5)
    notes: str | None = Field(None, max_length=2000)


class RangeQuery(PageQuery):
    start: date | None = Field(None, description="first day (inclusive)")
    end: date | None = Field(None, description="last day (inclusive)")


class RecordPage(OutModel):
    items: list[RecordOut]
    total: int


# --- Activities --------------------------------------------------------------------------------


class ActivityIn(ApiModel):
    kind: ActivityKind
    started_at: AwareDatetime = Field(description="with a UTC offset")
    duration_minutes: int = Field(ge=1, le=1440)
    distance_km: float | None = Field(None, ge=0, le=1000)
    steps: int = Field(0, ge=0, le=200_000)
    kcal_burned: int = Field(0, ge=0, le=20_000)
    notes: str = Field("", max_length=2000)


class ActivityOut(OutModel):
    id: int
    kind: str
    started_at: str
    duration_minutes: int
    distance_km: float | None
    steps: int
    kcal_burned: int
    notes: str


class ActivityQuery(RangeQuery):
    kind: ActivityKind | None = None


class ActivityPage(OutModel):
    items: list[ActivityOut]
    total: int


# --- Foods and the diary -----------------------------------------------------------------------


class FoodIn(ApiModel):
    name: str = Field(min_length=1, max_length=200)
    brand: str = Field("", max_length=100)
    serving: str = Field(min_length=1, max_length=100, examples=["1 bowl (300 g)"])
    kcal: float = Field(ge=0, le=5000)
    protein_g: float = Field(ge=0, le=500)
    carbs_g: float = Field(ge=0, le=1000)
    fat_g: float = Field(ge=0, le=500)
    fiber_g: float = Field(0.0, ge=0, le=200)
    sugar_g: float = Field(0.0, ge=0, le=1000)
    sodium_mg: float = Field(0.0, ge=0, le=20_000)


class FoodUpdate(ApiModel):
    name: str | None = Field(None, min_length=1, max_length=200)
    brand: str | None = Field(None, max_length=100)
    serving: str | None = Field(None, min_length=1, max_length=100)
    kcal: float | None = Field(None, ge=0, le=5000)
    protein_g: float | None = Field(None, ge=0, le=500)
    carbs_g: float | None = Field(None, ge=0, le=1000)
    fat_g: float | None = Field(None, ge=0, le=500)
    fiber_g: float | None = Field(None, ge=0, le=200)
    sugar_g: float | None = Field(None, ge=0, le=1000)
    sodium_mg: float | None = Field(None, ge=0, le=20_000)


class FoodOut(OutModel):
    id: int
    code: str
    name: str
    brand: str
    serving: str
    kcal: float
    protein_g: float
    carbs_g: float
    fat_g: float
    fiber_g: float
    sugar_g: float
    sodium_mg: float
    custom: bool = Field(description="your own food (only you see it)")


class FoodQuery(PageQuery):
    q: str | None = Field(None, max_length=200, description="words in the name or brand")
    mine: bool = Field(False, description="only your custom foods")


class FoodPage(OutModel):
    items: list[FoodOut]
    total: int


class EntryIn(ApiModel):
    day: date
    meal: Meal
    food_id: int = Field(ge=1)
    servings: float = Field(1.0, gt=0, le=50)


class EntryUpdate(ApiModel):
    meal: Meal | None = None
    servings: float | None = Field(None, gt=0, le=50)


class EntryOut(OutModel):
    id: int
    day: date
    meal: str
    food_id: int
    food_name: str
    servings: float
    kcal: float
    protein_g: float
    carbs_g: float
    fat_g: float
    fiber_g: float
    sugar_g: float
    sodium_mg: float
    logged_at: str


class DayQuery(ApiModel):
    day: date | None = Field(None, description="default: today (task time zone)")


class EntryList(OutModel):
    day: date
    items: list[EntryOut]


class NutrientOut(OutModel):
    nutrient: str
    total: float
    goal: float | None
    remaining: float | None = Field(description="goal minus total (negative: over)")
    status: Literal["under", "met", "within", "over", "none"] = Field(
        description="targets (protein, carbs, fiber): under/met; limits (kcal, fat, sodium): "
        "within/over; no goal: none"
    )


class NutritionOut(OutModel):
    day: date
    nutrients: list[NutrientOut]
    kcal_by_meal: dict[str, float]
    entry_count: int
    kcal_burned: int
    steps: int
    active_minutes: int


# --- Medications -------------------------------------------------------------------------------

Times = Field(min_length=1, max_length=12, examples=[["08:00", "20:00"]])


class MedicationIn(ApiModel):
    name: str = Field(min_length=1, max_length=120)
    dose: str = Field(min_length=1, max_length=60, examples=["10 mg"])
    instructions: str = Field("", max_length=1000)
    times: list[str] = Times
    start_date: date | None = Field(None, description="default: today")
    end_date: date | None = None
    prescriber: str = Field("", max_length=200)

    _times = field_validator("times")(check_times)


class MedicationUpdate(ApiModel):
    name: str | None = Field(None, min_length=1, max_length=120)
    dose: str | None = Field(None, min_length=1, max_length=60)
    instructions: str | None = Field(None, max_length=1000)
    times: list[str] | None = Field(None, min_length=1, max_length=12)
    start_date: date | None = None
    end_date: date | None = None
    prescriber: str | None = Field(None, max_length=200)

    @field_validator("times")
    @classmethod
    def _times(cls, value: list[str] | None) -> list[str] | None:
        return check_times(value) if value is not None else None


class MedicationOut(OutModel):
    id: int
    name: str
    dose: str
    instructions: str
    times: list[str]
    start_date: date
    end_date: date | None
    prescriber: str
    active: bool


class MedicationQuery(ApiModel):
    active: bool | None = None


class MedicationList(OutModel):
    items: list[MedicationOut]


class DoseIn(ApiModel):
    day: date | None = Field(None, description="default: today")
    time: str = Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$", description="one of its times")
    status: DoseStatus = "taken"


class DoseOut(OutModel):
    id: int
    medication_id: int
    scheduled_at: str
    status: str
    recorded_at: str


class ScheduleItem(OutModel):
    medication_id: int
    name: str
    dose: str
    time: str = Field(description="local HH:MM")
    scheduled_at: str = Field(description="UTC")
    status: Literal["taken", "skipped", "upcoming", "due", "missed"]
    dose_id: int | None = Field(description="the mark of a taken or skipped dose (to undo it)")
    recorded_at: str | None


class ScheduleOut(OutModel):
    day: date
    items: list[ScheduleItem]


# --- Providers and appointments ----------------------------------------------------------------


class ProviderOut(OutModel):
    id: int
    code: str
    name: str
    specialty: str
    clinic: str
    address: str
    email: str
    phone: str
    opens: str
    closes: str


class ProviderQuery(ApiModel):
    q: str | None = Field(None, max_length=200)
    specialty: str | None = Field(None, max_length=100)


class ProviderList(OutModel):
    items: list[ProviderOut]


class AppointmentIn(ApiModel):
    provider_id: int = Field(ge=1)
    start: AwareDatetime = Field(description="with a UTC offset")
    duration_minutes: int = Field(30, ge=5, le=480)
    reason: str = Field(min_length=1, max_length=500)
    notes: str = Field("", max_length=2000)


class RescheduleIn(ApiModel):
    start: AwareDatetime
    duration_minutes: int | None = Field(None, ge=5, le=480)


class AppointmentOut(OutModel):
    id: int
    code: str
    provider: ProviderOut
    start: str
    end: str
    start_local: str = Field(description="in the task's time zone, with offset")
    reason: str
    status: AppointmentStatus
    notes: str
    created_at: str
    cancelled_at: str | None


class AppointmentQuery(PageQuery):
    status: AppointmentStatus | None = None
    upcoming: bool = Field(False, description="only those starting from now, soonest first")


class AppointmentPage(OutModel):
    items: list[AppointmentOut]
    total: int
