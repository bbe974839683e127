"""The food catalogue: shared foods and your own custom ones, searched by words of the name
or brand; custom foods are yours to change or delete."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

from sqlalchemy import func, select

from mock_services.core.base.errors import Conflict, NotFound
from mock_services.core.base.search import SQL_FUNCTION
from mock_services.core.data.paging import Page, Paging, page_offset
from mock_services.core.spec.api import Ctx

from .models import (
    Food,
    FoodEntry,
)

FOOD_ROWS = "SELECT * FROM foods"
"""Foods as plain rows (read with ``ctx.db``; see ``api.food_out``)."""

_VISIBLE = "(owner_id IS NULL OR owner_id = ?)"
"""The foods a user sees: the shared catalogue (no owner) and their own custom foods."""


def _contains(column: str) -> str:
    return f"instr({SQL_FUNCTION}({column}), ?) > 0"


def search_foods(ctx: Ctx, q: str | None, mine: bool, paging: Paging) -> Page[sqlite3.Row]:
    """The caller's visible foods (``mine``: only their custom ones) with every word of ``q``
    in the name or brand, by name, one page of them and how many there are."""
    conditions = ["owner_id = ?" if mine else _VISIBLE]
    params: list[Any] = [ctx.user_id]
    for word in (q or "").split():
        conditions.append(f"({_contains('name')} OR {_contains('brand')})")
        params += [word.casefold()] * 2
    where = " AND ".join(conditions)
    counted = ctx.db.one(f"SELECT count(*) FROM foods WHERE {where}", params)
    rows = ctx.db.all(
        f"{FOOD_ROWS} WHERE {where} ORDER BY name LIMIT ? OFFSET ?",
        [*params, paging.per_page, page_offset(paging)],
    )
    return Page(rows, counted[0] if counted else 0)


def food_row(ctx: Ctx, food_id: int) -> sqlite3.Row:
    """A food the caller sees, as a plain row; 404 for any other."""
    row = (
        ctx.db.one(f"{FOOD_ROWS} WHERE id = ? AND {_VISIBLE}", (food_id, ctx.user_id))
        if 0 < food_id < 2**62
        else None
    )
    if row is None:
        raise NotFound(f"no food {food_id}; search the catalogue with GET /api/foods?q=...")
    return row


def get_food(ctx: Ctx, food_id: int) -> Food:
    """The mapped food behind ``food_row``, for the writes (changes, diary entries)."""
    food = ctx.session.get(Food, food_row(ctx, food_id)["id"])
    assert food is not None  # the row was just read in this transaction
    return food


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "food"


def create_food(ctx: Ctx, body: Any) -> Food:
    """Add a custom food only you see; its code is ``<username>-<name>``."""
    code = f"{_slug(ctx.user.username)}-{_slug(body.name)}"[:64].strip("-")
    if ctx.session.scalar(select(Food.id).where(Food.code == code)) is not None:
        raise Conflict(f"you already have a custom food {body.name!r} (code {code}); edit it")
    food = Food(code=code, owner_id=ctx.user_id, **body.model_dump())
    ctx.session.add(food)
    ctx.session.flush()
    return food


def own_food(ctx: Ctx, food_id: int) -> Food:
    food = get_food(ctx, food_id)
    if food.owner_id is None:
        raise Conflict(f"food {food_id} is in the shared catalogue; add a custom food instead")
    return food


def update_food(ctx: Ctx, food_id: int, fields: dict[str, Any]) -> Food:
    """Change a custom food; diary entries keep the nutrients they were logged with."""
    food = own_food(ctx, food_id)
    for name, value in fields.items():
        setattr(food, name, value)
    return food


def delete_food(ctx: Ctx, food_id: int) -> None:
    food = own_food(ctx, food_id)
    used = ctx.session.scalar(
        select(func.count()).select_from(FoodEntry).where(FoodEntry.food_id == food.id)
    )
    if used:
        raise Conflict(f"food {food_id} is in {used} diary entries; delete those entries first")
    ctx.session.delete(food)
