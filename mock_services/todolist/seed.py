"""The todolist's seed document: users, lists holding tasks (with subtasks and reminders),
note folders and notes, referenced by natural keys (username, list and folder names)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from pydantic import Field, field_validator, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.auth import UserSeed, user_row, user_seed_fields
from mock_services.core.clock import to_naive_utc
from mock_services.core.seeding import (
    Loc,
    SeedContext,
    SeedDate,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    bulk_insert,
)
from mock_services.todolist.due import DUE_TIME, DueError, due_moment, zone
from mock_services.todolist.models import (
    Folder,
    Frequency,
    Note,
    Priority,
    Reminder,
    Task,
    TaskList,
    TaskStatus,
    User,
)
from mock_services.todolist.tags import TagNames

_NAME = Field(min_length=1, max_length=100)


class TodoUserSeed(UserSeed):
    timezone: str = Field("UTC", description="IANA zone; the default for the user's tasks")

    @field_validator("timezone")
    @classmethod
    def _zone(cls, name: str) -> str:
        zone(name)
        return name


class RecurrenceSeed(SeedModel):
    freq: Frequency
    interval: int = Field(1, ge=1, le=365)
    until: SeedDate | None = Field(None, description="last possible due date")


class ReminderSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    at: SeedDateTime
    user: str | None = Field(None, description="who is reminded; default: the list's owner")
    sent_at: SeedDateTime | None = None


class TaskSeed(SeedModel):
    """A task; ``due_date`` is a day in the task's ``timezone`` (default: the list owner's),
    ``due_time`` an optional 'HH:MM' on that day."""

    id: int | None = Field(None, ge=1)
    title: str = Field(min_length=1, max_length=300)
    notes: str = ""
    priority: Priority = "none"
    tags: TagNames = []
    due_date: SeedDate | None = None
    due_time: str | None = Field(None, pattern=DUE_TIME.pattern)
    timezone: str | None = None
    recurrence: RecurrenceSeed | None = None
    assignee: str | None = Field(None, description="username of the user the task is assigned to")
    status: TaskStatus = "open"
    completed_at: SeedDateTime | None = None
    completed_by: str | None = Field(None, description="username; default: the list's owner")
    created_at: SeedDateTime | None = None
    reminders: list[ReminderSeed] = []
    subtasks: list[TaskSeed] = []

    @model_validator(mode="after")
    def _consistent(self) -> TaskSeed:
        if self.due_time is not None and self.due_date is None:
            raise ValueError("due_time needs a due_date")
        if self.recurrence is not None and self.due_date is None:
            raise ValueError("a recurring task needs a due_date")
        if self.status == "open" and (self.completed_at or self.completed_by):
            raise ValueError("an open task has no completed_at or completed_by")
        if self.timezone is not None:
            zone(self.timezone)
        return self


class ListSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    owner: str
    name: str = _NAME
    color: str = Field("#4a7bd0", pattern=r"^#[0-9a-fA-F]{6}$")
    created_at: SeedDateTime | None = None
    tasks: list[TaskSeed] = []


class FolderSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    owner: str
    name: str = _NAME


class NoteSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    owner: str
    folder: str | None = Field(None, description="folder name; created when the owner has none")
    title: str = Field(min_length=1, max_length=300)
    body: str = ""
    tags: TagNames = []
    pinned: bool = False
    created_at: SeedDateTime | None = None
    updated_at: SeedDateTime | None = None


class TodolistSeed(ServiceSeed):
    users: list[TodoUserSeed] = []
    lists: list[ListSeed] = []
    folders: list[FolderSeed] = []
    notes: list[NoteSeed] = []


# --- Loading ---------------------------------------------------------------------------------


def _naive(moment: datetime | None) -> datetime | None:
    return to_naive_utc(moment) if moment is not None else None


def load(session: Session, seed: TodolistSeed, ctx: SeedContext) -> None:
    zones = _load_users(session, seed, ctx)
    _load_tasks(session, seed, ctx, zones)
    _load_notes(session, seed, ctx)


def _load_users(session: Session, seed: TodolistSeed, ctx: SeedContext) -> dict[int, str]:
    rows = []
    for u, user in enumerate(seed.users):
        ctx.register("user", user.username, u + 1, ("users", u, "username"))
        rows.append({**user_row("todolist", user, u + 1), "timezone": user.timezone})
    bulk_insert(session, User, rows)
    return {row["id"]: row["timezone"] for row in rows}


def _flat_tasks(seed: TodolistSeed) -> list[tuple[int, TaskSeed, Loc, TaskSeed | None]]:
    """(list index, task, path, parent) of every task and subtask, in document order."""
    flat = []
    for li, task_list in enumerate(seed.lists):
        for ti, task in enumerate(task_list.tasks):
            loc: Loc = ("lists", li, "tasks", ti)
            flat.append((li, task, loc, None))
            for si, sub in enumerate(task.subtasks):
                flat.append((li, sub, (*loc, "subtasks", si), task))
    return flat


def _load_tasks(
    session: Session, seed: TodolistSeed, ctx: SeedContext, zones: dict[int, str]
) -> None:
    now = to_naive_utc(ctx.now)
    list_ids = ctx.allocate_ids([x.id for x in seed.lists], ("lists",))
    list_rows = []
    for li, task_list in enumerate(seed.lists):
        owner = ctx.ref("user", task_list.owner, ("lists", li, "owner"))
        ctx.register("list", (owner, task_list.name), list_ids[li], ("lists", li, "name"))
        list_rows.append(
            {
                "id": list_ids[li],
                "owner_id": owner,
                "name": task_list.name,
                "color": task_list.color,
                "created_at": _naive(task_list.created_at) or now,
            }
        )
    bulk_insert(session, TaskList, list_rows)
    flat = _flat_tasks(seed)
    task_ids = ctx.allocate_ids_at([(t.id, loc) for _, t, loc, _ in flat])
    id_of = {id(t): task_ids[i] for i, (_, t, _, _) in enumerate(flat)}
    reminder_ids = iter(
        ctx.allocate_ids_at(
            [
                (r.id, (*loc, "reminders", ri))
                for _, t, loc, _ in flat
                for ri, r in enumerate(t.reminders)
            ]
        )
    )
    tasks, reminders = [], []
    for i, (li, task, loc, parent) in enumerate(flat):
        owner = list_rows[li]["owner_id"]
        tasks.append(_task_row(ctx, task, loc, parent, task_ids[i], list_rows[li], zones, id_of))
        for ri, reminder in enumerate(task.reminders):
            where = (*loc, "reminders", ri)
            user = ctx.ref("user", reminder.user, (*where, "user")) if reminder.user else owner
            reminders.append(
                {
                    "id": next(reminder_ids),
                    "task_id": task_ids[i],
                    "user_id": user,
                    "remind_at": to_naive_utc(reminder.at),
                    "sent_at": _naive(reminder.sent_at),
                }
            )
    bulk_insert(session, Task, tasks)
    bulk_insert(session, Reminder, reminders)


def _task_row(
    ctx: SeedContext,
    task: TaskSeed,
    loc: Loc,
    parent: TaskSeed | None,
    task_id: int,
    task_list: dict[str, Any],
    zones: dict[int, str],
    id_of: dict[int, int],
) -> dict[str, Any]:
    if parent is not None:
        if task.subtasks:
            raise ctx.error((*loc, "subtasks"), "a subtask cannot have subtasks of its own")
        if task.recurrence is not None:
            raise ctx.error((*loc, "recurrence"), "a subtask cannot recur; its parent may")
        if parent.status == "completed" and task.status == "open":
            raise ctx.error(
                (*loc, "status"), "a subtask cannot be open under a completed parent task"
            )
    owner = task_list["owner_id"]
    tz = task.timezone or zones[owner]
    try:
        due_at = due_moment(task.due_date, task.due_time, tz)
    except DueError as exc:
        raise ctx.error((*loc, "due_date"), str(exc)) from None
    completed = task.status == "completed"
    assignee = ctx.ref("user", task.assignee, (*loc, "assignee")) if task.assignee else None
    completed_by = (
        ctx.ref("user", task.completed_by, (*loc, "completed_by")) if task.completed_by else None
    )
    rule = task.recurrence
    return {
        "id": task_id,
        "list_id": task_list["id"],
        "parent_id": id_of[id(parent)] if parent is not None else None,
        "title": task.title,
        "notes": task.notes,
        "priority": task.priority,
        "tags": task.tags,
        "status": task.status,
        "due_date": task.due_date,
        "due_time": task.due_time,
        "timezone": tz,
        "due_at": due_at,
        "recurrence_freq": rule.freq if rule else None,
        "recurrence_interval": rule.interval if rule else 1,
        "recurrence_until": rule.until if rule else None,
        "assignee_id": assignee,
        "created_at": _naive(task.created_at) or to_naive_utc(ctx.now),
        "completed_at": (_naive(task.completed_at) or to_naive_utc(ctx.now)) if completed else None,
        "completed_by_id": (completed_by or owner) if completed else None,
    }


def _load_notes(session: Session, seed: TodolistSeed, ctx: SeedContext) -> None:
    now = to_naive_utc(ctx.now)
    folders: list[dict[str, Any]] = []
    named = [(f.id, f.owner, f.name, ("folders", fi)) for fi, f in enumerate(seed.folders)]
    implicit: set[tuple[str, str]] = {(f.owner, f.name) for f in seed.folders}
    for ni, note in enumerate(seed.notes):
        if note.folder is not None and (note.owner, note.folder) not in implicit:
            implicit.add((note.owner, note.folder))
            named.append((None, note.owner, note.folder, ("notes", ni)))
    folder_ids = iter(ctx.allocate_ids_at([(pin, loc) for pin, _, _, loc in named]))
    for _pin, owner_name, name, loc in named:
        owner = ctx.ref("user", owner_name, (*loc, "owner"))
        folder_id = next(folder_ids)
        ctx.register("folder", (owner, name), folder_id, (*loc, "name"))
        folders.append({"id": folder_id, "owner_id": owner, "name": name})
    bulk_insert(session, Folder, folders)
    note_ids = ctx.allocate_ids([n.id for n in seed.notes], ("notes",))
    notes = []
    for ni, note in enumerate(seed.notes):
        owner = ctx.ref("user", note.owner, ("notes", ni, "owner"))
        created = _naive(note.created_at) or now
        notes.append(
            {
                "id": note_ids[ni],
                "owner_id": owner,
                "folder_id": ctx.ref("folder", (owner, note.folder), ("notes", ni, "folder"))
                if note.folder is not None
                else None,
                "title": note.title,
                "body": note.body,
                "tags": note.tags,
                "pinned": note.pinned,
                "created_at": created,
                "updated_at": _naive(note.updated_at) or created,
            }
        )
    bulk_insert(session, Note, notes)


# --- Export ----------------------------------------------------------------------------------


def dump(session: Session, ctx: SeedContext) -> TodolistSeed:
    users = session.scalars(select(User).order_by(User.id)).all()
    names = {u.id: u.username for u in users}
    tz_of = {u.id: u.timezone for u in users}
    lists = session.scalars(select(TaskList).order_by(TaskList.id)).all()
    owner_of = {tl.id: tl.owner_id for tl in lists}
    reminders: dict[int, list[ReminderSeed]] = {}
    for r in session.scalars(select(Reminder).order_by(Reminder.id)):
        reminders.setdefault(r.task_id, []).append(
            ReminderSeed(
                id=r.id,
                at=_aware(r.remind_at, ctx),  # type: ignore[arg-type]
                user=names[r.user_id],
                sent_at=_aware(r.sent_at, ctx),
            )
        )
    tasks = session.scalars(select(Task).order_by(Task.id)).all()
    subtasks: dict[int, list[TaskSeed]] = {}
    top: dict[int, list[TaskSeed]] = {}
    for task in tasks:  # subtasks first, so that each parent finds them
        if task.parent_id is not None:
            subtasks.setdefault(task.parent_id, []).append(
                _task_seed(task, [], reminders, names, tz_of[owner_of[task.list_id]], ctx)
            )
    for task in tasks:
        if task.parent_id is None:
            top.setdefault(task.list_id, []).append(
                _task_seed(
                    task,
                    subtasks.get(task.id, []),
                    reminders,
                    names,
                    tz_of[owner_of[task.list_id]],
                    ctx,
                )
            )
    return TodolistSeed(
        users=[TodoUserSeed(**user_seed_fields(u), timezone=u.timezone) for u in users],
        lists=[
            ListSeed(
                id=tl.id,
                owner=names[tl.owner_id],
                name=tl.name,
                color=tl.color,
                created_at=_aware(tl.created_at, ctx),
                tasks=top.get(tl.id, []),
            )
            for tl in lists
        ],
        folders=[
            FolderSeed(id=f.id, owner=names[f.owner_id], name=f.name)
            for f in session.scalars(select(Folder).order_by(Folder.id))
        ],
        notes=_note_seeds(session, names, ctx),
    )


def _aware(value: datetime | None, ctx: SeedContext) -> datetime | None:
    return value.replace(tzinfo=ctx.now.tzinfo) if value is not None else None


def _task_seed(
    task: Task,
    subtasks: list[TaskSeed],
    reminders: dict[int, list[ReminderSeed]],
    names: dict[int, str],
    owner_tz: str,
    ctx: SeedContext,
) -> TaskSeed:
    until: date | None = task.recurrence_until
    return TaskSeed(
        id=task.id,
        title=task.title,
        notes=task.notes,
        priority=task.priority,  # type: ignore[arg-type]
        tags=list(task.tags),
        due_date=task.due_date,
        due_time=task.due_time,
        timezone=None if task.timezone == owner_tz else task.timezone,
        recurrence=RecurrenceSeed(
            freq=task.recurrence_freq,  # type: ignore[arg-type]
            interval=task.recurrence_interval,
            until=until,
        )
        if task.recurrence_freq
        else None,
        assignee=names[task.assignee_id] if task.assignee_id else None,
        status=task.status,  # type: ignore[arg-type]
        completed_at=_aware(task.completed_at, ctx),
        completed_by=names[task.completed_by_id] if task.completed_by_id else None,
        created_at=_aware(task.created_at, ctx),
        reminders=reminders.get(task.id, []),
        subtasks=subtasks,
    )


def _note_seeds(session: Session, names: dict[int, str], ctx: SeedContext) -> list[NoteSeed]:
    folder_names = dict(session.execute(select(Folder.id, Folder.name)).all())
    return [
        NoteSeed(
            id=n.id,
            owner=names[n.owner_id],
            folder=folder_names[n.folder_id] if n.folder_id else None,
            title=n.title,
            body=n.body,
            tags=list(n.tags),
            pinned=n.pinned,
            created_at=_aware(n.created_at, ctx),
            updated_at=_aware(n.updated_at, ctx),
        )
        for n in session.scalars(select(Note).order_by(Note.id))
    ]
