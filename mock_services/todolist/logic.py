"""The todolist's business rules, shared by the JSON API and the web UI.

Every function that reads the clock or the caller, or changes rows, takes the request ``Ctx``;
failures raise ``ApiError`` subclasses whose messages say what to do. Mutations go through ORM
objects so that the audit log sees them.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import ColumnElement, and_, case, func, or_, select
from sqlalchemy.orm import Session

from mock_services.core.base.access import not_yours, owned, role_refused
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail
from mock_services.todolist.due import DueError, due_moment, local_today, next_due_date, zone
from mock_services.todolist.models import PRIORITIES, Folder, Note, Reminder, Task, TaskList, User

DEFAULT_SENDER = "todo@example.test"
INBOX = "Inbox"
DEFAULT_COLOR = "#4a7bd0"


def invalid(field: str, message: str) -> ValidationFailed:
    """A 422 naming the body field that is wrong."""
    return ValidationFailed(
        f"{field}: {message}",
        details=[{"loc": ["body", field], "message": message, "type": "value_error"}],
    )


def _now(ctx: Ctx) -> datetime:
    return to_naive_utc(ctx.now)


def _zone_name(name: str, field: str = "timezone") -> str:
    try:
        zone(name)
    except DueError as exc:
        raise invalid(field, str(exc)) from None
    return name


# --- Users -----------------------------------------------------------------------------------


def user_by_name(session: Session, username: str, field: str) -> User:
    user = session.scalar(select(User).where(User.username == username))
    if user is None:
        raise NotFound(f"{field}: no user {username!r}; GET /api/users lists them")
    return user


def list_users(session: Session) -> list[User]:
    return list(session.scalars(select(User).order_by(User.username)))


def update_profile(ctx: Ctx, display_name: str | None, timezone: str | None) -> User:
    """Change the caller's name or default time zone (existing tasks keep their own zone)."""
    if timezone is not None:
        ctx.user.timezone = _zone_name(timezone)
    if display_name is not None:
        ctx.user.display_name = display_name
    return ctx.user


# --- Lists -----------------------------------------------------------------------------------


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
        owner_id=ctx.user_id, name=name, color=color or DEFAULT_COLOR, created_at=_now(ctx)
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
        _delete_task_rows(ctx, task)
    ctx.session.delete(task_list)


def inbox(ctx: Ctx) -> TaskList:
    """The caller's 'Inbox' list, created the first time a task is added without a list."""
    found = ctx.session.scalar(
        select(TaskList).where(TaskList.owner_id == ctx.user_id, TaskList.name == INBOX)
    )
    return found or create_list(ctx, INBOX, None)


# --- Task access -----------------------------------------------------------------------------


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


def _visible_condition(user_id: int) -> ColumnElement[bool]:
    mine = select(TaskList.id).where(TaskList.owner_id == user_id)
    assigned_parents = select(Task.id).where(Task.assignee_id == user_id)
    return or_(
        Task.list_id.in_(mine),
        Task.assignee_id == user_id,
        Task.parent_id.in_(assigned_parents),
    )


# --- Searching tasks -------------------------------------------------------------------------


_PRIORITY_RANK = {name: rank for rank, name in enumerate(reversed(PRIORITIES))}


def search_tasks(ctx: Ctx, query: Any) -> Page[int]:
    """The ids of the caller's tasks (own lists and assigned to them) matching ``query``, one
    page of them, and how many match."""
    conditions: list[ColumnElement[bool]] = [_visible_condition(ctx.user_id)]
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
        late = and_(Task.status == "open", Task.due_at <= _now(ctx))
        conditions.append(late if query.overdue else ~late | Task.due_at.is_(None))
    ordered = select(Task.id).where(*conditions).order_by(*_task_order(query.sort), Task.id)
    return page_of_select(ctx.session, ordered, query)


def tag_condition(column: Any, tag: str) -> ColumnElement[bool]:
    """``column`` (a JSON list of tag names) holds ``tag``."""
    return func.instr(column, f'"{tag.strip().lower()}"') > 0


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


# --- Creating and changing tasks -------------------------------------------------------------


def _set_due(task: Task, due_date: date | None, due_time: str | None, tz_name: str) -> None:
    try:
        due_at = due_moment(due_date, due_time, tz_name)
    except DueError as exc:
        field = "due_time" if "due_time" in str(exc) else "due_date"
        raise invalid(field, str(exc)) from None
    task.due_date, task.due_time, task.timezone, task.due_at = due_date, due_time, tz_name, due_at


def _set_recurrence(task: Task, rule: Any) -> None:
    if rule is None:
        task.recurrence_freq, task.recurrence_interval, task.recurrence_until = None, 1, None
        return
    if task.parent_id is not None:
        raise invalid("recurrence", "a subtask cannot recur; make its parent task recurring")
    if task.due_date is None:
        raise invalid("recurrence", "a recurring task needs a due_date to count from")
    if rule.until is not None and rule.until < task.due_date:
        raise invalid("recurrence", f"until {rule.until} is before the due date {task.due_date}")
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
        _send(
            ctx,
            user,
            f"Task assigned to you: {task.title}",
            f"{ctx.user.display_name} assigned you the task {task.title!r}"
            f"{_due_text(task)}.\n\nOpen it: GET /api/tasks/{task.id}",
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
            raise invalid(
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
        created_at=_now(ctx),
    )
    tz_name = _zone_name(body.timezone) if body.timezone else ctx.user.timezone
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
                raise invalid(name, f"{name} cannot be null")
            setattr(task, name, getattr(body, name))
    if "list_id" in given:
        _move(ctx, task, body.list_id)
    if given & {"due_date", "due_time", "timezone"}:
        if "timezone" in given and body.timezone is None:
            raise invalid("timezone", "timezone cannot be null")
        due_date = body.due_date if "due_date" in given else task.due_date
        due_time = body.due_time if "due_time" in given else task.due_time
        if "due_date" in given and body.due_date is None and "due_time" not in given:
            due_time = None
        tz_name = _zone_name(body.timezone) if body.timezone else task.timezone
        _set_due(task, due_date, due_time, tz_name)
        if task.due_date is None and task.recurrence_freq and "recurrence" not in given:
            raise invalid("due_date", "a recurring task needs a due_date; clear recurrence too")
    if "recurrence" in given:
        _set_recurrence(task, body.recurrence)
    elif task.recurrence_until and task.due_date and task.recurrence_until < task.due_date:
        raise invalid("due_date", "the new due date is after the recurrence's until")
    if "assignee" in given:
        _assign(ctx, task, body.assignee)
    return task


def _move(ctx: Ctx, task: Task, list_id: int | None) -> None:
    if list_id is None:
        raise invalid("list_id", "list_id cannot be null")
    if task.parent_id is not None and list_id != task.list_id:
        raise Conflict(
            f"task {task.id} is a subtask; it stays in its parent's list (move task "
            f"{task.parent_id} instead)"
        )
    target = own_list(ctx, list_id)
    task.task_list = target
    for sub in ctx.session.scalars(select(Task).where(Task.parent_id == task.id)):
        sub.task_list = target


def _delete_task_rows(ctx: Ctx, task: Task) -> None:
    for reminder in ctx.session.scalars(select(Reminder).where(Reminder.task_id == task.id)):
        ctx.session.delete(reminder)
    ctx.session.delete(task)


def delete_task(ctx: Ctx, task_id: int) -> None:
    """Delete a task with its subtasks and reminders (owner only)."""
    task = editable_task(ctx, task_id)
    for sub in ctx.session.scalars(select(Task).where(Task.parent_id == task.id)).all():
        _delete_task_rows(ctx, sub)
    ctx.session.flush()
    _delete_task_rows(ctx, task)


# --- Completion and recurrence ---------------------------------------------------------------


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
                _now(ctx),
                ctx.user_id,
            )
            _drop_scheduled_reminders(ctx, item)
    spawned = _spawn_next(ctx, task, subtasks) if task.recurrence_freq else None
    owner = ctx.session.get(User, list_owner(task))
    if owner is not None and owner.id != ctx.user_id:
        _send(
            ctx,
            owner,
            f"Completed: {task.title}",
            f"{ctx.user.display_name} completed the task {task.title!r}.",
        )
    return task, spawned


def _drop_scheduled_reminders(ctx: Ctx, task: Task) -> None:
    for reminder in ctx.session.scalars(
        select(Reminder).where(Reminder.task_id == task.id, Reminder.sent_at.is_(None))
    ):
        ctx.session.delete(reminder)


def _spawn_next(ctx: Ctx, task: Task, subtasks: Any) -> Task | None:
    assert task.due_date is not None and task.recurrence_freq is not None
    following = next_due_date(
        task.due_date,
        task.recurrence_freq,
        task.recurrence_interval,
        task.recurrence_until,
        local_today(ctx.now, task.timezone),
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
        created_at=_now(ctx),
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
                created_at=_now(ctx),
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


# --- Reminders -------------------------------------------------------------------------------


def add_reminder(ctx: Ctx, task_id: int, remind_at: datetime) -> Reminder:
    """Remind the caller (owner or assignee) of an open task at ``remind_at``; a time without
    an offset is read in the task's time zone."""
    task, _role = visible_task(ctx, task_id)
    if task.status != "open":
        raise Conflict(f"task {task_id} is completed; reopen it before setting a reminder")
    if remind_at.tzinfo is None:
        remind_at = remind_at.replace(tzinfo=ZoneInfo(task.timezone))
    try:
        moment = remind_at.astimezone(UTC).replace(tzinfo=None)
    except (OverflowError, ValueError):
        raise invalid("remind_at", f"{remind_at.isoformat()} is out of range") from None
    if moment <= _now(ctx):
        raise invalid(
            "remind_at",
            f"{remind_at.isoformat()} is not in the future (now is {ctx.now.isoformat()})",
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
    conditions = [Reminder.sent_at.is_(None), Reminder.remind_at <= _now(ctx)]
    if user_id is not None:
        conditions.append(Reminder.user_id == user_id)
    due = ctx.session.scalars(
        select(Reminder).where(*conditions).order_by(Reminder.remind_at, Reminder.id)
    ).all()
    for reminder in due:
        task = ctx.session.get(Task, reminder.task_id)
        user = ctx.session.get(User, reminder.user_id)
        assert task is not None and user is not None
        reminder.sent_at = _now(ctx)
        _send(
            ctx,
            user,
            f"Reminder: {task.title}{_due_text(task)}",
            f"This is your reminder for the task {task.title!r}{_due_text(task)}."
            f"\n\nOpen it: GET /api/tasks/{task.id}",
        )
    return list(due)


# --- Mail ------------------------------------------------------------------------------------


def _due_text(task: Task) -> str:
    if task.due_date is None:
        return ""
    when = f"{task.due_date:%a} {task.due_date.day} {task.due_date:%b %Y}"
    if task.due_time:
        when += f" {task.due_time} ({task.timezone})"
    return f", due {when}"


def _send(ctx: Ctx, user: User, subject: str, body: str) -> None:
    target = ctx.runtime.notifications
    if target is None:
        return
    mail = MailDelivery(
        sender=target.sender or DEFAULT_SENDER,
        sender_name="Todo",
        to=[user.email],
        subject=subject[:500],
        body=body,
        labels=["todo"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))


# --- Tags ------------------------------------------------------------------------------------


def tag_counts(ctx: Ctx) -> list[tuple[str, int, int]]:
    """Every tag on the caller's visible tasks or notes: (name, open tasks, notes)."""
    tasks: dict[str, int] = {}
    for tags, status in ctx.session.execute(
        select(Task.tags, Task.status).where(_visible_condition(ctx.user_id))
    ):
        for tag in tags:
            tasks[tag] = tasks.get(tag, 0) + (status == "open")
    notes: dict[str, int] = {}
    for (tags,) in ctx.session.execute(select(Note.tags).where(Note.owner_id == ctx.user_id)):
        for tag in tags:
            notes[tag] = notes.get(tag, 0) + 1
    return [(name, tasks.get(name, 0), notes.get(name, 0)) for name in sorted({*tasks, *notes})]


# --- Notes and folders -----------------------------------------------------------------------


def own_folder(ctx: Ctx, folder_id: int) -> Folder:
    return owned(ctx.session, Folder, folder_id, ctx.user_id, kind="folder")


def own_note(ctx: Ctx, note_id: int) -> Note:
    return owned(ctx.session, Note, note_id, ctx.user_id, kind="note")


def folders_with_counts(ctx: Ctx) -> list[tuple[Folder, int]]:
    counts = dict(
        ctx.session.execute(
            select(Note.folder_id, func.count())
            .where(Note.owner_id == ctx.user_id)
            .group_by(Note.folder_id)
        ).all()
    )
    folders = ctx.session.scalars(
        select(Folder).where(Folder.owner_id == ctx.user_id).order_by(Folder.name)
    ).all()
    return [(f, counts.get(f.id, 0)) for f in folders]


def _unique_folder_name(ctx: Ctx, name: str, exclude: int | None = None) -> None:
    clash = ctx.session.scalar(
        select(Folder).where(Folder.owner_id == ctx.user_id, Folder.name == name)
    )
    if clash is not None and clash.id != exclude:
        raise Conflict(f"you already have a folder named {name!r} (folder {clash.id})")


def create_folder(ctx: Ctx, name: str) -> Folder:
    _unique_folder_name(ctx, name)
    folder = Folder(owner_id=ctx.user_id, name=name)
    ctx.session.add(folder)
    ctx.session.flush()
    return folder


def rename_folder(ctx: Ctx, folder_id: int, name: str) -> Folder:
    folder = own_folder(ctx, folder_id)
    _unique_folder_name(ctx, name, exclude=folder.id)
    folder.name = name
    return folder


def delete_folder(ctx: Ctx, folder_id: int) -> None:
    """Delete an empty folder; one that still holds notes is refused."""
    folder = own_folder(ctx, folder_id)
    count = ctx.session.scalar(select(func.count()).where(Note.folder_id == folder.id)) or 0
    if count:
        raise Conflict(
            f"folder {folder.name!r} still holds {count} note(s); move or delete them first"
        )
    ctx.session.delete(folder)


def search_notes(ctx: Ctx, query: Any) -> Page[Note]:
    """The caller's notes matching ``query``, pinned first, then most recently edited."""
    conditions: list[ColumnElement[bool]] = [Note.owner_id == ctx.user_id]
    if query.q:
        for word in query.q.split():
            conditions.append(or_(contains_text(Note.title, word), contains_text(Note.body, word)))
    if query.folder_id is not None:
        conditions.append(Note.folder_id == query.folder_id)
    if query.unfiled is not None:
        conditions.append(
            Note.folder_id.is_(None) if query.unfiled else Note.folder_id.is_not(None)
        )
    if query.tag:
        conditions.append(tag_condition(Note.tags, query.tag))
    if query.pinned is not None:
        conditions.append(Note.pinned.is_(query.pinned))
    newest_first = (Note.pinned.desc(), Note.updated_at.desc(), Note.id.desc())
    return page_of_select(
        ctx.session, select(Note).where(*conditions).order_by(*newest_first), query
    )


def create_note(ctx: Ctx, body: Any) -> Note:
    folder = own_folder(ctx, body.folder_id) if body.folder_id else None
    note = Note(
        owner_id=ctx.user_id,
        folder_id=folder.id if folder else None,
        title=body.title,
        body=body.body,
        tags=body.tags or [],
        pinned=body.pinned,
        created_at=_now(ctx),
        updated_at=_now(ctx),
    )
    ctx.session.add(note)
    ctx.session.flush()
    return note


def update_note(ctx: Ctx, note_id: int, body: Any) -> Note:
    note = own_note(ctx, note_id)
    given = body.model_fields_set
    for name in ("title", "body", "tags", "pinned"):
        if name in given:
            if getattr(body, name) is None:
                raise invalid(name, f"{name} cannot be null")
            setattr(note, name, getattr(body, name))
    if "folder_id" in given:
        note.folder_id = own_folder(ctx, body.folder_id).id if body.folder_id else None
    note.updated_at = _now(ctx)
    return note


def delete_note(ctx: Ctx, note_id: int) -> None:
    ctx.session.delete(own_note(ctx, note_id))


def folder_names(session: Session, ids: set[int | None]) -> dict[int, str]:
    wanted = [i for i in ids if i is not None]
    if not wanted:
        return {}
    return dict(session.execute(select(Folder.id, Folder.name).where(Folder.id.in_(wanted))).all())


def is_overdue(row: sqlite3.Row, now: datetime) -> bool:
    """An open task (a ``TASK_ROWS`` row) whose due moment has passed at ``now``."""
    due_at = row["due_at"]
    return (
        row["status"] == "open"
        and due_at is not None
        and datetime.fromisoformat(due_at) <= to_naive_utc(now)
    )
