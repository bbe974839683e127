"""The health service's tables (a public contract: verifiers read them directly).

Datetimes are naive UTC; a ``day`` is a local date in the task's time zone. Body weight is in
kilograms, energy in kcal, nutrients in grams (sodium in milligrams).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal, get_args

from sqlalchemy import JSON, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin

Meal = Literal["breakfast", "lunch", "dinner", "snack"]
MEALS: tuple[str, ...] = get_args(Meal)
ActivityKind = Literal[
    "walk", "run", "cycle", "swim", "strength", "yoga", "hike", "rowing", "other"
]
ACTIVITY_KINDS: tuple[str, ...] = get_args(ActivityKind)
DoseStatus = Literal["taken", "skipped"]
AppointmentStatus = Literal["scheduled", "cancelled", "completed"]
NUTRIENTS = ("kcal", "protein_g", "carbs_g", "fat_g", "fiber_g", "sugar_g", "sodium_mg")


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    __tablename__ = "users"
    birth_date: Mapped[date | None]
    height_cm: Mapped[int | None]


class Goals(Base):
    """A user's daily targets; the nutrition summary of a day compares against them."""

    __tablename__ = "goals"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), unique=True)
    kcal: Mapped[int] = mapped_column(default=2000)
    protein_g: Mapped[int] = mapped_column(default=75)
    carbs_g: Mapped[int] = mapped_column(default=250)
    fat_g: Mapped[int] = mapped_column(default=70)
    fiber_g: Mapped[int] = mapped_column(default=30)
    sodium_mg: Mapped[int] = mapped_column(default=2300)
    steps: Mapped[int] = mapped_column(default=8000)
    active_minutes: Mapped[int] = mapped_column(default=30)
    sleep_minutes: Mapped[int] = mapped_column(default=480)
    target_weight_kg: Mapped[float | None]


class DailyRecord(Base):
    """One day of a user's body measurements and wellbeing; every field is optional."""

    __tablename__ = "daily_records"
    __table_args__ = (UniqueConstraint("user_id", "day"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    day: Mapped[date]
    sleep_minutes: Mapped[int | None]
    weight_kg: Mapped[float | None]
    systolic: Mapped[int | None]
    diastolic: Mapped[int | None]
    resting_heart_rate: Mapped[int | None]
    mood: Mapped[int | None]  # 1 (very low) .. 5 (great)
    notes: Mapped[str] = mapped_column(Text, default="")
    updated_at: Mapped[datetime]


class Activity(Base):
    __tablename__ = "activities"
    __table_args__ = (Index("ix_activities_user_started", "user_id", "started_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    kind: Mapped[str] = mapped_column(String(20))
    started_at: Mapped[datetime]
    duration_minutes: Mapped[int]
    distance_km: Mapped[float | None]
    steps: Mapped[int] = mapped_column(default=0)
    kcal_burned: Mapped[int] = mapped_column(default=0)
    notes: Mapped[str] = mapped_column(Text, default="")


class Food(Base):
    """A catalogue food per serving. ``owner_id`` is NULL for the shared catalogue, else the
    user who added this custom food (only they see it)."""

    __tablename__ = "foods"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(64), unique=True)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    brand: Mapped[str] = mapped_column(String(100), default="")
    serving: Mapped[str] = mapped_column(String(100))
    kcal: Mapped[float]
    protein_g: Mapped[float]
    carbs_g: Mapped[float]
    fat_g: Mapped[float]
    fiber_g: Mapped[float] = mapped_column(default=0.0)
    sugar_g: Mapped[float] = mapped_column(default=0.0)
    sodium_mg: Mapped[float] = mapped_column(default=0.0)


class FoodEntry(Base):
    """A line of the food diary. Nutrients are the food's per serving times ``servings``,
    kept as logged (editing a custom food later does not rewrite the past)."""

    __tablename__ = "food_entries"
    __table_args__ = (Index("ix_food_entries_user_day", "user_id", "day"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    day: Mapped[date]
    meal: Mapped[str] = mapped_column(String(12))
    food_id: Mapped[int] = mapped_column(ForeignKey("foods.id"))
    food_name: Mapped[str] = mapped_column(String(200))
    servings: Mapped[float]
    kcal: Mapped[float]
    protein_g: Mapped[float]
    carbs_g: Mapped[float]
    fat_g: Mapped[float]
    fiber_g: Mapped[float]
    sugar_g: Mapped[float]
    sodium_mg: Mapped[float]
    logged_at: Mapped[datetime]


class Medication(Base):
    """A medication and its daily schedule (``times``: local "HH:MM" each day, sorted) from
    ``start_date`` until ``end_date`` (inclusive) or open-ended."""

    __tablename__ = "medications"
    __table_args__ = (UniqueConstraint("user_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    name: Mapped[str] = mapped_column(String(120))
    dose: Mapped[str] = mapped_column(String(60))
    instructions: Mapped[str] = mapped_column(Text, default="")
    times: Mapped[list[str]] = mapped_column(JSON)
    start_date: Mapped[date]
    end_date: Mapped[date | None]
    prescriber: Mapped[str] = mapped_column(String(200), default="")
    active: Mapped[bool] = mapped_column(default=True)


class DoseLog(Base):
    """One scheduled dose marked taken or skipped (at most one mark per scheduled time)."""

    __tablename__ = "dose_logs"
    __table_args__ = (UniqueConstraint("medication_id", "scheduled_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    medication_id: Mapped[int] = mapped_column(ForeignKey("medications.id"), index=True)
    scheduled_at: Mapped[datetime]
    status: Mapped[str] = mapped_column(String(10))
    recorded_at: Mapped[datetime]


class Provider(Base):
    """A doctor or clinic appointments are booked with; ``email`` sends the invitations."""

    __tablename__ = "providers"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(40), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    specialty: Mapped[str] = mapped_column(String(100))
    clinic: Mapped[str] = mapped_column(String(200))
    address: Mapped[str] = mapped_column(String(300))
    email: Mapped[str] = mapped_column(String(254))
    phone: Mapped[str] = mapped_column(String(40), default="")
    opens: Mapped[str] = mapped_column(String(5), default="08:00")  # local, weekdays
    closes: Mapped[str] = mapped_column(String(5), default="18:00")


class Appointment(Base):
    __tablename__ = "appointments"
    __table_args__ = (Index("ix_appointments_user_start", "user_id", "start_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(20), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    provider_id: Mapped[int] = mapped_column(ForeignKey("providers.id"), index=True)
    start_at: Mapped[datetime]
    end_at: Mapped[datetime]
    reason: Mapped[str] = mapped_column(String(500))
    status: Mapped[str] = mapped_column(String(12), default="scheduled")
    notes: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
    cancelled_at: Mapped[datetime | None]
