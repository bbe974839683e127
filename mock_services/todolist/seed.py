"""The todolist's seed document: users, lists holding tasks (with subtasks and reminders),
note folders and notes, referenced by natural keys (username, list and folder names)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator, model_validator

from mock_services.core.seeding.seed import Loc, SeedDate, SeedDateTime, SeedModel, ServiceSeed
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    Embedded,
    Entity,
    Entry,
    Exporting,
    Hook,
    Ref,
    Section,
    SeedMap,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed
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


# --- Load and export: one mapping per entity ---------------------------------------------------


def _owner_zone(entry: Entry) -> str:
    return entry.loading.rows["user"][entry.inherited("owner_id")]["timezone"]


def _task_zone(entry: Entry) -> str:
    """A task's own zone, else its list owner's."""
    return entry.seed.timezone or _owner_zone(entry)


def _task_zone_shown(task: Task, export: Exporting) -> str | None:
    """A task's zone, left out when it is its list owner's."""
    owner = export.objects["list"][task.list_id].owner_id
    return None if task.timezone == export.objects["user"][owner].timezone else task.timezone


def _due_at(entry: Entry) -> Any:
    task = entry.seed
    try:
        return due_moment(task.due_date, task.due_time, entry.row["timezone"])
    except DueError as exc:
        raise entry.ctx.error((*entry.loc, "due_date"), str(exc)) from None


def _now_if_completed(entry: Entry) -> Any:
    return now_naive(entry) if entry.seed.status == "completed" else None


def _owner_if_completed(entry: Entry) -> int | None:
    return entry.inherited("owner_id") if entry.seed.status == "completed" else None


def _check_subtask(entry: Entry) -> None:
    """A subtask has no subtasks, does not recur, and is not open under a completed task."""
    if entry.parent is None or entry.via is None or entry.via.seed != "subtasks":
        return
    task, parent, loc = entry.seed, entry.parent.seed, entry.loc
    if task.subtasks:
        raise entry.ctx.error((*loc, "subtasks"), "a subtask cannot have subtasks of its own")
    if task.recurrence is not None:
        raise entry.ctx.error((*loc, "recurrence"), "a subtask cannot recur; its parent may")
    if parent.status == "completed" and task.status == "open":
        raise entry.ctx.error(
            (*loc, "status"), "a subtask cannot be open under a completed parent task"
        )


def _implicit_folders(seed: TodolistSeed) -> list[tuple[Any, Loc]]:
    """The folders notes name that no folder entry declares, at the first note naming each."""
    known = {(f.owner, f.name) for f in seed.folders}
    implied: list[tuple[Any, Loc]] = []
    for ni, note in enumerate(seed.notes):
        if note.folder is not None and (note.owner, note.folder) not in known:
            known.add((note.owner, note.folder))
            folder = FolderSeed.model_construct(id=None, owner=note.owner, name=note.folder)
            implied.append((folder, ("notes", ni)))
    return implied


USER = Entity("user", TodoUserSeed, User, (*USER_FIELDS, "timezone"), key="username")
REMINDER = Entity(
    "reminder",
    ReminderSeed,
    Reminder,
    (
        moment("at", "remind_at"),
        Ref("user", "user_id", "user", default=lambda entry: entry.inherited("owner_id")),
        moment("sent_at"),
    ),
)
TASK = Entity(
    "task",
    TaskSeed,
    Task,
    (
        "title",
        "notes",
        "priority",
        "tags",
        "status",
        "due_date",
        "due_time",
        Hook("timezone", load_with=_task_zone, dump_with=_task_zone_shown),
        Hook(column="due_at", load_with=_due_at),
        Embedded(
            "recurrence",
            RecurrenceSeed,
            {
                "freq": "recurrence_freq",
                "interval": "recurrence_interval",
                "until": "recurrence_until",
            },
            absent={"recurrence_freq": None, "recurrence_interval": 1, "recurrence_until": None},
            shown=lambda task, _: task.recurrence_freq is not None,
        ),
        Ref("assignee", "assignee_id", "user"),
        moment("created_at", default=now_naive),
        moment("completed_at", default=_now_if_completed),
        Ref("completed_by", "completed_by_id", "user", default=_owner_if_completed),
    ),
    children=(
        Children("reminders", REMINDER, "task_id"),
        Children("subtasks", None, "parent_id", inherit=("list_id",)),
    ),
    check=_check_subtask,
)
LIST = Entity(
    "list",
    ListSeed,
    TaskList,
    (
        Ref("owner", "owner_id", "user"),
        "name",
        "color",
        moment("created_at", default=now_naive),
    ),
    key="name",
    key_scope="owner_id",
    children=(Children("tasks", TASK, "list_id", where=lambda task: task.parent_id is None),),
)
FOLDER = Entity(
    "folder",
    FolderSeed,
    Folder,
    (Ref("owner", "owner_id", "user"), "name"),
    key="name",
    key_scope="owner_id",
)
NOTE = Entity(
    "note",
    NoteSeed,
    Note,
    (
        Ref("owner", "owner_id", "user"),
        Ref("folder", "folder_id", "folder", scope="owner_id"),
        "title",
        "body",
        "tags",
        "pinned",
        moment("created_at", default=now_naive),
        moment("updated_at", default=lambda entry: entry.row["created_at"]),
    ),
)
SEED_MAP = SeedMap(
    TodolistSeed,
    (
        Section("users", USER),
        Section("lists", LIST),
        Section("folders", FOLDER, extra=_implicit_folders),
        Section("notes", NOTE),
    ),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
