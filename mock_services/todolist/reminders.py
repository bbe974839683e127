"""Reminders of a task, mailed when the clock passes them; a task's reminders go with it."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from sqlalchemy import select

from mock_services.core.base.access import not_yours
from mock_services.core.base.clock import iso, to_naive_utc, with_zone, zone
from mock_services.core.base.errors import Conflict, NotFound, invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.todolist.access import REMINDER_ROWS, list_owner, visible_task
from mock_services.todolist.due import utc_now
from mock_services.todolist.mailer import due_text, send
from mock_services.todolist.models import Reminder, Task, User


def delete_task_rows(ctx: Ctx, task: Task) -> None:
    """Delete ``task`` and its reminders."""
    for reminder in ctx.session.scalars(select(Reminder).where(Reminder.task_id == task.id)):
        ctx.session.delete(reminder)
    ctx.session.delete(task)


def drop_scheduled_reminders(ctx: Ctx, task: Task) -> None:
    """Delete the reminders of ``task`` that are not sent yet."""
    for reminder in ctx.session.scalars(
        select(Reminder).where(Reminder.task_id == task.id, Reminder.sent_at.is_(None))
    ):
        ctx.session.delete(reminder)


def add_reminder(ctx: Ctx, task_id: int, remind_at: datetime) -> Reminder:
    """Remind the caller (owner or assignee) of an open task at ``remind_at``; a time without
    an offset is read in the task's time zone."""
    task, _role = visible_task(ctx, task_id)
    if task.status != "open":
        raise Conflict(f"task {task_id} is completed; reopen it before setting a reminder")
    remind_at = with_zone(remind_at, zone(task.timezone))
    try:
        moment = to_naive_utc(remind_at)
    except (OverflowError, ValueError):
        raise invalid_field("remind_at", f"{remind_at.isoformat()} is out of range") from None
    if moment <= utc_now(ctx):
        raise invalid_field(
            "remind_at",
            f"{remind_at.isoformat()} is not in the future (now is {iso(ctx.now)})",
        )
    reminder = Reminder(task_id=task.id, user_id=ctx.user_id, remind_at=moment)
    ctx.session.add(reminder)
    ctx.session.flush()
    return reminder


def delete_reminder(ctx: Ctx, reminder_id: int) -> None:
    """Remove one of the caller's reminders (a task's owner may remove any on the task)."""
    reminder = ctx.session.get(Reminder, reminder_id) if 0 < reminder_id < 2**62 else None
    if reminder is None:
        raise NotFound(f"no reminder {reminder_id}")
    task = ctx.session.get(Task, reminder.task_id)
    assert task is not None
    if reminder.user_id != ctx.user_id and list_owner(task) != ctx.user_id:
        raise not_yours("reminder", reminder_id)
    ctx.session.delete(reminder)


_REMINDER_STATES = {"scheduled": " AND r.sent_at IS NULL", "sent": " AND r.sent_at IS NOT NULL"}


def my_reminders(ctx: Ctx, state: str) -> list[sqlite3.Row]:
    """The caller's reminders in ``state`` ('scheduled', 'sent' or 'all'), soonest first."""
    where = "r.user_id = ?" + _REMINDER_STATES.get(state, "")
    return ctx.db.all(f"{REMINDER_ROWS} WHERE {where} ORDER BY r.remind_at, r.id", (ctx.user_id,))


def dispatch_reminders(ctx: Ctx, user_id: int | None) -> list[Reminder]:
    """Mail every reminder that is due and not sent yet (of one user, or of everyone) and mark
    it sent: what the app's scheduler does when the clock passes a reminder's time."""
    conditions = [Reminder.sent_at.is_(None), Reminder.remind_at <= utc_now(ctx)]
    if user_id is not None:
        conditions.append(Reminder.user_id == user_id)
    due = ctx.session.scalars(
        select(Reminder).where(*conditions).order_by(Reminder.remind_at, Reminder.id)
    ).all()
    for reminder in due:
        task = ctx.session.get(Task, reminder.task_id)
        user = ctx.session.get(User, reminder.user_id)
        assert task is not None and user is not None
        reminder.sent_at = utc_now(ctx)
        send(
            ctx,
            user,
            f"Reminder: {task.title}{due_text(task)}",
            f"This is your reminder for the task {task.title!r}{due_text(task)}."
            f"\n\nOpen it: GET /api/tasks/{task.id}",
        )
    return list(due)
