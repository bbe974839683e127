"""The food diary of a day, and its nutrition totals against your goals with the day's
activity."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select

from mock_services.core.base.access import check_owner
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.data.paging import Window
from mock_services.core.spec.api import Ctx

from .activities import list_activities
from .days import check_past_day
from .foods import get_food
from .models import (
    NUTRIENTS,
    FoodEntry,
)
from .records import goals
from .seed import nutrients_of


def entries_of(ctx: Ctx, day: date) -> list[FoodEntry]:
    return list(
        ctx.session.scalars(
            select(FoodEntry)
            .where(FoodEntry.user_id == ctx.user_id, FoodEntry.day == day)
            .order_by(FoodEntry.logged_at, FoodEntry.id)
        )
    )


def get_entry(ctx: Ctx, entry_id: int) -> FoodEntry:
    row = ctx.session.get(FoodEntry, entry_id) if 0 < entry_id < 2**62 else None
    return check_owner(row, ctx.user_id, kind="diary entry", row_id=entry_id, owner_attr="user_id")


def add_entry(ctx: Ctx, day: date, meal: str, food_id: int, servings: float) -> FoodEntry:
    check_past_day(ctx, day)
    food = get_food(ctx, food_id)
    entry = FoodEntry(
        user_id=ctx.user_id,
        day=day,
        meal=meal,
        food_id=food.id,
        food_name=food.name,
        servings=servings,
        logged_at=to_naive_utc(ctx.now),
        **nutrients_of(food, servings),
    )
    ctx.session.add(entry)
    ctx.session.flush()
    return entry


def update_entry(ctx: Ctx, entry_id: int, meal: str | None, servings: float | None) -> FoodEntry:
    """Change an entry's meal or servings (its nutrients scale with the servings)."""
    entry = get_entry(ctx, entry_id)
    if meal is not None:
        entry.meal = meal
    if servings is not None and servings != entry.servings:
        scale = servings / entry.servings
        for name in NUTRIENTS:
            setattr(entry, name, round(getattr(entry, name) * scale, 1))
        entry.servings = servings
    return entry


def delete_entry(ctx: Ctx, entry_id: int) -> None:
    ctx.session.delete(get_entry(ctx, entry_id))


GOAL_NUTRIENTS = ("kcal", "protein_g", "carbs_g", "fat_g", "fiber_g", "sodium_mg")

LIMIT_NUTRIENTS = ("kcal", "fat_g", "sodium_mg")  # goals you should stay under


@dataclass(frozen=True)
class NutrientLine:
    nutrient: str
    total: float
    goal: float | None
    remaining: float | None
    status: str  # under | met | over (no goal: none)


@dataclass(frozen=True)
class DaySummary:
    day: date
    lines: list[NutrientLine]
    by_meal: dict[str, float]
    entry_count: int
    kcal_burned: int
    steps: int
    active_minutes: int


def _status(nutrient: str, total: float, goal: float) -> str:
    if nutrient in LIMIT_NUTRIENTS:
        return "over" if total > goal else "within"
    return "met" if total >= goal else "under"


def day_summary(ctx: Ctx, day: date) -> DaySummary:
    """The day's nutrition totals against the goals, and its activity."""
    entries = entries_of(ctx, day)
    target = goals(ctx)
    lines = []
    for name in NUTRIENTS:
        total = round(sum(getattr(e, name) for e in entries), 1)
        goal = getattr(target, name) if name in GOAL_NUTRIENTS else None
        lines.append(
            NutrientLine(
                nutrient=name,
                total=total,
                goal=goal,
                remaining=round(goal - total, 1) if goal is not None else None,
                status=_status(name, total, goal) if goal is not None else "none",
            )
        )
    by_meal: dict[str, float] = {}
    for e in entries:
        by_meal[e.meal] = round(by_meal.get(e.meal, 0.0) + e.kcal, 1)
    activities, _ = list_activities(ctx, None, day, day, Window(per_page=100))
    return DaySummary(
        day=day,
        lines=lines,
        by_meal=by_meal,
        entry_count=len(entries),
        kcal_burned=sum(a.kcal_burned for a in activities),
        steps=sum(a.steps for a in activities),
        active_minutes=sum(a.duration_minutes for a in activities),
    )
