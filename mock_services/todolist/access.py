"""Who sees and who may change a task (its list's owner, its assignee or its parent's), and
tasks, subtasks and reminders read as plain rows."""

from __future__ import annotations

import sqlite3

from sqlalchemy import ColumnElement, or_, select

from mock_services.core.base.access import not_yours, role_refused
from mock_services.core.base.errors import NotFound
from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.api import Ctx
from mock_services.todolist.models import Task, TaskList

TASK_ROWS = (
    "SELECT t.*, l.name AS list_name, l.owner_id, o.username AS owner, a.username AS assignee, "
    "c.username AS completed_by, p.assignee_id AS parent_assignee_id FROM tasks t "
    "JOIN lists l ON l.id = t.list_id JOIN users o ON o.id = l.owner_id "
    "LEFT JOIN users a ON a.id = t.assignee_id LEFT JOIN users c ON c.id = t.completed_by_id "
    "LEFT JOIN tasks p ON p.id = t.parent_id"
)
"""A task with its list, the usernames it names and its parent's assignee, as one plain row."""

SUBTASK_ROWS = (
    "SELECT s.id, s.parent_id, s.title, s.status, u.username AS assignee FROM tasks s "
    "LEFT JOIN users u ON u.id = s.assignee_id"
)

REMINDER_ROWS = (
    "SELECT r.id, r.task_id, r.remind_at, r.sent_at, u.username FROM reminders r "
    "JOIN users u ON u.id = r.user_id"
)
"""A reminder with its user's name, as one plain row (see ``api.reminder_out``)."""


def _marks(ids: list[int]) -> str:
    return ", ".join("?" * len(ids))


def task_rows(db: Transaction, ids: list[int]) -> list[sqlite3.Row]:
    """The ``TASK_ROWS`` of ``ids`` that exist, in the order of ``ids``."""
    if not ids:
        return []
    found = {r["id"]: r for r in db.all(f"{TASK_ROWS} WHERE t.id IN ({_marks(ids)})", ids)}
    return [found[i] for i in ids if i in found]


def task_children(
    db: Transaction, ids: list[int]
) -> tuple[dict[int, list[sqlite3.Row]], dict[int, list[sqlite3.Row]]]:
    """The subtasks (by id) and reminders (soonest first) of each of the tasks ``ids``."""
    subtasks: dict[int, list[sqlite3.Row]] = {}
    reminders: dict[int, list[sqlite3.Row]] = {}
    if ids:
        marks = _marks(ids)
        for sub in db.all(f"{SUBTASK_ROWS} WHERE s.parent_id IN ({marks}) ORDER BY s.id", ids):
            subtasks.setdefault(sub["parent_id"], []).append(sub)
        for reminder in db.all(
            f"{REMINDER_ROWS} WHERE r.task_id IN ({marks}) ORDER BY r.remind_at, r.id", ids
        ):
            reminders.setdefault(reminder["task_id"], []).append(reminder)
    return subtasks, reminders


def reminder_rows(db: Transaction, ids: list[int]) -> list[sqlite3.Row]:
    """The ``REMINDER_ROWS`` of ``ids``, in the order of ``ids``."""
    if not ids:
        return []
    found = {r["id"]: r for r in db.all(f"{REMINDER_ROWS} WHERE r.id IN ({_marks(ids)})", ids)}
    return [found[i] for i in ids if i in found]


def list_owner(task: Task) -> int:
    return task.task_list.owner_id


def task_role(row: sqlite3.Row, user_id: int) -> str | None:
    """'owner' (owns the task's list), 'assignee' (of the task or of its parent) or None."""
    if row["owner_id"] == user_id:
        return "owner"
    if user_id in (row["assignee_id"], row["parent_assignee_id"]):
        return "assignee"
    return None


def visible_task_row(ctx: Ctx, task_id: int) -> tuple[sqlite3.Row, str]:
    """A task the caller owns or is assigned (a ``TASK_ROWS`` row), with the caller's role."""
    rows = task_rows(ctx.db, [task_id]) if 0 < task_id < 2**62 else []
    if not rows:
        raise NotFound(f"no task {task_id}")
    role = task_role(rows[0], ctx.user_id)
    if role is None:
        raise not_yours("task", task_id, "it is not assigned to you")
    return rows[0], role


def visible_task(ctx: Ctx, task_id: int) -> tuple[Task, str]:
    """The mapped task behind ``visible_task_row``, for the writes."""
    _row, role = visible_task_row(ctx, task_id)
    task = ctx.session.get(Task, task_id)
    assert task is not None  # the row was just read in this transaction
    return task, role


def editable_task(ctx: Ctx, task_id: int) -> Task:
    task, role = visible_task(ctx, task_id)
    if role != "owner":
        raise role_refused(
            f"change task {task_id}",
            "its owner",
            "its assignee",
            "you may complete or reopen it and set your own reminders",
        )
    return task


def visible_condition(user_id: int) -> ColumnElement[bool]:
    """The tasks ``user_id`` sees: in their lists, assigned to them, or under a task assigned
    to them."""
    mine = select(TaskList.id).where(TaskList.owner_id == user_id)
    assigned_parents = select(Task.id).where(Task.assignee_id == user_id)
    return or_(
        Task.list_id.in_(mine),
        Task.assignee_id == user_id,
        Task.parent_id.in_(assigned_parents),
    )
