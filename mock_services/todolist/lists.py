"""Lists of tasks: yours, with their task counts, by a name unique among yours; the Inbox
takes a task added without a list."""

from __future__ import annotations

from sqlalchemy import func, select

from mock_services.core.base.access import owned
from mock_services.core.base.errors import Conflict
from mock_services.core.spec.api import Ctx
from mock_services.todolist.due import utc_now
from mock_services.todolist.models import Task, TaskList
from mock_services.todolist.reminders import delete_task_rows

INBOX = "Inbox"

DEFAULT_COLOR = "#4a7bd0"


def own_list(ctx: Ctx, list_id: int) -> TaskList:
    return owned(ctx.session, TaskList, list_id, ctx.user_id, kind="list")


def lists_with_counts(ctx: Ctx) -> list[tuple[TaskList, int, int]]:
    """The caller's lists by name, with their open and completed task counts."""
    lists = ctx.session.scalars(
        select(TaskList).where(TaskList.owner_id == ctx.user_id).order_by(TaskList.name)
    ).all()
    counts: dict[tuple[int, str], int] = {
        (list_id, status): n
        for list_id, status, n in ctx.session.execute(
            select(Task.list_id, Task.status, func.count())
            .where(Task.list_id.in_([tl.id for tl in lists]), Task.parent_id.is_(None))
            .group_by(Task.list_id, Task.status)
        )
    }
    return [
        (tl, counts.get((tl.id, "open"), 0), counts.get((tl.id, "completed"), 0)) for tl in lists
    ]


def _unique_list_name(ctx: Ctx, name: str, exclude: int | None = None) -> None:
    clash = ctx.session.scalar(
        select(TaskList).where(TaskList.owner_id == ctx.user_id, TaskList.name == name)
    )
    if clash is not None and clash.id != exclude:
        raise Conflict(f"you already have a list named {name!r} (list {clash.id})")


def create_list(ctx: Ctx, name: str, color: str | None) -> TaskList:
    _unique_list_name(ctx, name)
    task_list = TaskList(
        owner_id=ctx.user_id, name=name, color=color or DEFAULT_COLOR, created_at=utc_now(ctx)
    )
    ctx.session.add(task_list)
    ctx.session.flush()
    return task_list


def update_list(ctx: Ctx, list_id: int, name: str | None, color: str | None) -> TaskList:
    task_list = own_list(ctx, list_id)
    if name is not None and name != task_list.name:
        _unique_list_name(ctx, name, exclude=task_list.id)
        task_list.name = name
    if color is not None:
        task_list.color = color
    return task_list


def delete_list(ctx: Ctx, list_id: int) -> None:
    """Delete a list with all its tasks, subtasks and reminders."""
    task_list = own_list(ctx, list_id)
    tasks = ctx.session.scalars(
        select(Task).where(Task.list_id == task_list.id).order_by(Task.parent_id.is_(None))
    ).all()
    for task in tasks:  # subtasks first: their parents are still there
        delete_task_rows(ctx, task)
    ctx.session.delete(task_list)


def inbox(ctx: Ctx) -> TaskList:
    """The caller's 'Inbox' list, created the first time a task is added without a list."""
    found = ctx.session.scalar(
        select(TaskList).where(TaskList.owner_id == ctx.user_id, TaskList.name == INBOX)
    )
    return found or create_list(ctx, INBOX, None)
