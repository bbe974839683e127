"""Tasks: searching them, creating and changing them (due dates, recurrence, assignment,
subtasks), completing and reopening them."""

from __future__ import annotations

import sqlite3
from datetime import date, datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, case, func, or_, select

from mock_services.core.base.clock import local_day, to_naive_utc, zone
from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.base.search import contains_text
from mock_services.core.base.tags import tag_condition
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.todolist.access import editable_task, list_owner, visible_condition, visible_task
from mock_services.todolist.due import (
    DueError,
    due_moment,
    next_due_date,
    utc_now,
)
from mock_services.todolist.fields import zone_name
from mock_services.todolist.lists import inbox, own_list
from mock_services.todolist.mailer import due_text, send
from mock_services.todolist.models import PRIORITIES, Task, TaskList, User
from mock_services.todolist.reminders import delete_task_rows, drop_scheduled_reminders
from mock_services.todolist.users import user_by_name

_PRIORITY_RANK = {name: rank for rank, name in enumerate(reversed(PRIORITIES))}


def search_tasks(ctx: Ctx, query: Any) -> Page[int]:
    """The ids of the caller's tasks (own lists and assigned to them) matching ``query``, one
    page of them, and how many match."""
    conditions: list[ColumnElement[bool]] = [visible_condition(ctx.user_id)]
    if query.list_id is not None:
        conditions.append(Task.list_id == query.list_id)
    if query.status != "all":
        conditions.append(Task.status == query.status)
    if query.parent_id is not None:
        conditions.append(Task.parent_id == query.parent_id)
    elif query.top_level:
        conditions.append(Task.parent_id.is_(None))
    if query.q:
        for word in query.q.split():
            conditions.append(or_(contains_text(Task.title, word), contains_text(Task.notes, word)))
    if query.tag:
        conditions.append(tag_condition(Task.tags, query.tag))
    if query.priority:
        conditions.append(Task.priority == query.priority)
    if query.assignee is not None:
        conditions.append(_assignee_condition(ctx, query.assignee))
    if query.due_before is not None:
        conditions.append(Task.due_date <= query.due_before)
    if query.due_after is not None:
        conditions.append(Task.due_date >= query.due_after)
    if query.overdue is not None:
        late = and_(Task.status == "open", Task.due_at <= utc_now(ctx))
        conditions.append(late if query.overdue else ~late | Task.due_at.is_(None))
    ordered = select(Task.id).where(*conditions).order_by(*_task_order(query.sort), Task.id)
    return page_of_select(ctx.session, ordered, query)


def _assignee_condition(ctx: Ctx, who: str) -> ColumnElement[bool]:
    if who == "none":
        return Task.assignee_id.is_(None)
    user = ctx.user if who == "me" else user_by_name(ctx.session, who, "assignee")
    return Task.assignee_id == user.id


def _task_order(sort: str) -> list[Any]:
    priority_rank = case(_PRIORITY_RANK, value=Task.priority, else_=len(PRIORITIES))
    if sort == "priority":
        return [priority_rank, Task.due_at.is_(None), Task.due_at]
    if sort == "created":
        return [Task.created_at.desc()]
    if sort == "title":
        return [func.lower(Task.title)]
    return [Task.due_at.is_(None), Task.due_at, priority_rank]


def _set_due(task: Task, due_date: date | None, due_time: str | None, tz_name: str) -> None:
    try:
        due_at = due_moment(due_date, due_time, tz_name)
    except DueError as exc:
        field = "due_time" if "due_time" in str(exc) else "due_date"
        raise invalid_field(field, str(exc)) from None
    task.due_date, task.due_time, task.timezone, task.due_at = due_date, due_time, tz_name, due_at


def _set_recurrence(task: Task, rule: Any) -> None:
    if rule is None:
        task.recurrence_freq, task.recurrence_interval, task.recurrence_until = None, 1, None
        return
    if task.parent_id is not None:
        raise invalid_field("recurrence", "a subtask cannot recur; make its parent task recurring")
    if task.due_date is None:
        raise invalid_field("recurrence", "a recurring task needs a due_date to count from")
    if rule.until is not None and rule.until < task.due_date:
        raise invalid_field(
            "recurrence", f"until {rule.until} is before the due date {task.due_date}"
        )
    task.recurrence_freq, task.recurrence_interval = rule.freq, rule.interval
    task.recurrence_until = rule.until


def _assign(ctx: Ctx, task: Task, username: str | None) -> None:
    """Set the assignee; a newly assigned user other than the caller gets a mail."""
    user = user_by_name(ctx.session, username, "assignee") if username else None
    new_id = user.id if user else None
    if new_id == task.assignee_id:
        return
    task.assignee_id = new_id
    if user is not None and user.id != ctx.user_id:
        send(
            ctx,
            user,
            f"Task assigned to you: {task.title}",
            f"{ctx.user.display_name} assigned you the task {task.title!r}"
            f"{due_text(task)}.\n\nOpen it: GET /api/tasks/{task.id}",
        )


def _parent_for_subtask(ctx: Ctx, parent_id: int) -> Task:
    parent = editable_task(ctx, parent_id)
    if parent.parent_id is not None:
        raise Conflict(
            f"task {parent_id} is itself a subtask; add the subtask to task {parent.parent_id}"
        )
    if parent.status == "completed":
        raise Conflict(
            f"task {parent_id} is completed; reopen it before adding subtasks "
            f"(POST /api/tasks/{parent_id}/reopen)"
        )
    return parent


def create_task(ctx: Ctx, body: Any) -> Task:
    """Add a task (or, with ``parent_id``, a subtask in the parent's list)."""
    parent = _parent_for_subtask(ctx, body.parent_id) if body.parent_id else None
    if parent is not None:
        if body.list_id is not None and body.list_id != parent.list_id:
            raise invalid_field(
                "list_id", f"a subtask lives in its parent's list (list {parent.list_id})"
            )
        task_list = ctx.session.get(TaskList, parent.list_id)
    else:
        task_list = own_list(ctx, body.list_id) if body.list_id else inbox(ctx)
    assert task_list is not None
    task = Task(
        list_id=task_list.id,
        parent_id=parent.id if parent else None,
        title=body.title,
        notes=body.notes,
        priority=body.priority,
        tags=body.tags or [],
        status="open",
        created_at=utc_now(ctx),
    )
    tz_name = zone_name(body.timezone) if body.timezone else ctx.user.timezone
    _set_due(task, body.due_date, body.due_time, tz_name)
    _set_recurrence(task, body.recurrence)
    ctx.session.add(task)
    ctx.session.flush()
    _assign(ctx, task, body.assignee)
    return task


def update_task(ctx: Ctx, task_id: int, body: Any) -> Task:
    """Change the fields given in ``body`` (owner only); ``null`` clears a clearable field."""
    task = editable_task(ctx, task_id)
    given = body.model_fields_set
    for name in ("title", "notes", "priority", "tags"):
        if name in given:
            if getattr(body, name) is None:
                raise invalid_field(name, f"{name} cannot be null")
            setattr(task, name, getattr(body, name))
    if "list_id" in given:
        _move(ctx, task, body.list_id)
    if given & {"due_date", "due_time", "timezone"}:
        if "timezone" in given and body.timezone is None:
            raise invalid_field("timezone", "timezone cannot be null")
        due_date = body.due_date if "due_date" in given else task.due_date
        due_time = body.due_time if "due_time" in given else task.due_time
        if "due_date" in given and body.due_date is None and "due_time" not in given:
            due_time = None
        tz_name = zone_name(body.timezone) if body.timezone else task.timezone
        _set_due(task, due_date, due_time, tz_name)
        if task.due_date is None and task.recurrence_freq and "recurrence" not in given:
            raise invalid_field(
                "due_date", "a recurring task needs a due_date; clear recurrence too"
            )
    if "recurrence" in given:
        _set_recurrence(task, body.recurrence)
    elif task.recurrence_until and task.due_date and task.recurrence_until < task.due_date:
        raise invalid_field("due_date", "the new due date is after the recurrence's until")
    if "assignee" in given:
        _assign(ctx, task, body.assignee)
    return task


def _move(ctx: Ctx, task: Task, list_id: int | None) -> None:
    if list_id is None:
        raise invalid_field("list_id", "list_id cannot be null")
    if task.parent_id is not None and list_id != task.list_id:
        raise Conflict(
            f"task {task.id} is a subtask; it stays in its parent's list (move task "
            f"{task.parent_id} instead)"
        )
    target = own_list(ctx, list_id)
    task.task_list = target
    for sub in ctx.session.scalars(select(Task).where(Task.parent_id == task.id)):
        sub.task_list = target


def delete_task(ctx: Ctx, task_id: int) -> None:
    """Delete a task with its subtasks and reminders (owner only)."""
    task = editable_task(ctx, task_id)
    for sub in ctx.session.scalars(select(Task).where(Task.parent_id == task.id)).all():
        delete_task_rows(ctx, sub)
    ctx.session.flush()
    delete_task_rows(ctx, task)


def complete_task(ctx: Ctx, task_id: int) -> tuple[Task, Task | None]:
    """Complete a task (its owner or assignee only), with its open subtasks. A recurring task
    spawns its next occurrence; the owner is mailed when someone else completed it."""
    task, _role = visible_task(ctx, task_id)
    if task.status == "completed":
        raise Conflict(f"task {task_id} is already completed; reopen it first to complete it again")
    subtasks = ctx.session.scalars(select(Task).where(Task.parent_id == task.id)).all()
    for item in (task, *subtasks):
        if item.status == "open":
            item.status, item.completed_at, item.completed_by_id = (
                "completed",
                utc_now(ctx),
                ctx.user_id,
            )
            drop_scheduled_reminders(ctx, item)
    spawned = _spawn_next(ctx, task, subtasks) if task.recurrence_freq else None
    owner = ctx.session.get(User, list_owner(task))
    if owner is not None and owner.id != ctx.user_id:
        send(
            ctx,
            owner,
            f"Completed: {task.title}",
            f"{ctx.user.display_name} completed the task {task.title!r}.",
        )
    return task, spawned


def _spawn_next(ctx: Ctx, task: Task, subtasks: Any) -> Task | None:
    assert task.due_date is not None and task.recurrence_freq is not None
    following = next_due_date(
        task.due_date,
        task.recurrence_freq,
        task.recurrence_interval,
        task.recurrence_until,
        local_day(ctx.now, zone(task.timezone)),
    )
    if following is None:
        return None
    spawned = Task(
        list_id=task.list_id,
        title=task.title,
        notes=task.notes,
        priority=task.priority,
        tags=list(task.tags),
        status="open",
        recurrence_freq=task.recurrence_freq,
        recurrence_interval=task.recurrence_interval,
        recurrence_until=task.recurrence_until,
        assignee_id=task.assignee_id,
        created_at=utc_now(ctx),
    )
    _set_due(spawned, following, task.due_time, task.timezone)
    ctx.session.add(spawned)
    ctx.session.flush()
    for sub in subtasks:
        ctx.session.add(
            Task(
                list_id=task.list_id,
                parent_id=spawned.id,
                title=sub.title,
                notes=sub.notes,
                priority=sub.priority,
                tags=list(sub.tags),
                status="open",
                timezone=sub.timezone,
                assignee_id=sub.assignee_id,
                created_at=utc_now(ctx),
            )
        )
    return spawned


def reopen_task(ctx: Ctx, task_id: int) -> Task:
    """Reopen a completed task (owner or assignee). A subtask of a completed task stays closed
    until its parent is reopened."""
    task, _role = visible_task(ctx, task_id)
    if task.status != "completed":
        raise Conflict(f"task {task_id} is open; only a completed task can be reopened")
    if task.parent_id is not None:
        parent = ctx.session.get(Task, task.parent_id)
        if parent is not None and parent.status == "completed":
            raise Conflict(
                f"task {task_id} is a subtask of completed task {parent.id}; a subtask cannot "
                f"be open under a completed parent: reopen task {parent.id} first"
            )
    task.status, task.completed_at, task.completed_by_id = "open", None, None
    return task


def is_overdue(row: sqlite3.Row, now: datetime) -> bool:
    """An open task (a ``TASK_ROWS`` row) whose due moment has passed at ``now``."""
    due_at = row["due_at"]
    return (
        row["status"] == "open"
        and due_at is not None
        and datetime.fromisoformat(due_at) <= to_naive_utc(now)
    )
