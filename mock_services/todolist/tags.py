"""Tag names on tasks and notes (lowercase letters, digits, '-' or '_', stored sorted), finding
the rows that carry a tag, and your tags with their counts."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, Field
from sqlalchemy import ColumnElement, func, select

from mock_services.core.spec.api import Ctx
from mock_services.todolist.access import visible_condition
from mock_services.todolist.models import Note, Task

TAG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,49}$")


def clean_tags(tags: list[str]) -> list[str]:
    """Tags as stored: lowercase, without duplicates, sorted; a bad name is a ``ValueError``."""
    cleaned = sorted({tag.strip().lower() for tag in tags})
    for tag in cleaned:
        if not TAG.match(tag):
            raise ValueError(
                f"tag {tag!r} is not a tag name; use letters, digits, '-' or '_' (at most 50)"
            )
    return cleaned


TagNames = Annotated[
    list[str],
    AfterValidator(clean_tags),
    Field(max_length=20, description="tag names: letters, digits, '-' or '_' (kept lowercase)"),
]


def tag_condition(column: Any, tag: str) -> ColumnElement[bool]:
    """``column`` (a JSON list of tag names) holds ``tag``."""
    return func.instr(column, f'"{tag.strip().lower()}"') > 0


def tag_counts(ctx: Ctx) -> list[tuple[str, int, int]]:
    """Every tag on the caller's visible tasks or notes: (name, open tasks, notes)."""
    tasks: dict[str, int] = {}
    for tags, status in ctx.session.execute(
        select(Task.tags, Task.status).where(visible_condition(ctx.user_id))
    ):
        for tag in tags:
            tasks[tag] = tasks.get(tag, 0) + (status == "open")
    notes: dict[str, int] = {}
    for (tags,) in ctx.session.execute(select(Note.tags).where(Note.owner_id == ctx.user_id)):
        for tag in tags:
            notes[tag] = notes.get(tag, 0) + 1
    return [(name, tasks.get(name, 0), notes.get(name, 0)) for name in sorted({*tasks, *notes})]
