"""Tag names on tasks and notes (at most 20 per row) and your tags with their counts."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.tags import tag_names
from mock_services.core.spec.api import Ctx
from mock_services.todolist.access import visible_condition
from mock_services.todolist.models import Note, Task

TagNames = tag_names(20)


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
