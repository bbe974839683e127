"""Request bodies and answers of the todolist API. Due dates are local to the task's time zone:
``due_date`` ('2026-03-05') and optional ``due_time`` ('17:30')."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import Field

from mock_services.core.base.schemas import ApiModel, OutModel, PageQuery
from mock_services.todolist.due import DUE_TIME
from mock_services.todolist.models import Frequency, Priority, TaskStatus
from mock_services.todolist.tags import TagNames

Title = Annotated[str, Field(min_length=1, max_length=300)]
Name = Annotated[str, Field(min_length=1, max_length=100)]
Color = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", examples=["#4a7bd0"])]
DueTime = Annotated[
    str, Field(pattern=DUE_TIME.pattern, description="'HH:MM' on the due date", examples=["17:30"])
]
Zone = Annotated[
    str, Field(min_length=1, max_length=64, description="IANA zone, e.g. 'Europe/Paris'")
]


# --- Profile and users -----------------------------------------------------------------------


class ProfileOut(OutModel):
    id: int
    username: str
    display_name: str
    email: str
    timezone: str


class ProfileUpdate(ApiModel):
    display_name: str | None = Field(None, min_length=1, max_length=200)
    timezone: Zone | None = None


class UserOut(OutModel):
    username: str
    display_name: str


class UserPage(OutModel):
    items: list[UserOut]
    total: int


# --- Lists -----------------------------------------------------------------------------------


class ListOut(OutModel):
    id: int
    name: str
    color: str
    created_at: str
    open_count: int
    completed_count: int


class ListPage(OutModel):
    items: list[ListOut]
    total: int


class ListCreate(ApiModel):
    name: Name
    color: Color | None = None


class ListUpdate(ApiModel):
    name: Name | None = None
    color: Color | None = None


# --- Tasks -----------------------------------------------------------------------------------


class Recurrence(ApiModel):
    freq: Frequency
    interval: int = Field(1, ge=1, le=365)
    until: date | None = Field(None, description="no occurrence is due after this day")


class RecurrenceOut(OutModel):
    freq: Frequency
    interval: int
    until: date | None


class ReminderOut(OutModel):
    id: int
    task_id: int
    username: str
    remind_at: str
    sent_at: str | None


class SubtaskOut(OutModel):
    id: int
    title: str
    status: TaskStatus
    assignee: str | None


class TaskOut(OutModel):
    id: int
    list_id: int
    list_name: str
    parent_id: int | None
    owner: str = Field(description="username of the list's owner")
    title: str
    notes: str
    priority: Priority
    tags: list[str]
    status: TaskStatus
    due_date: date | None
    due_time: str | None
    timezone: str
    due: str | None = Field(description="when it falls due, ISO 8601 in the task's time zone")
    overdue: bool
    recurrence: RecurrenceOut | None
    assignee: str | None
    created_at: str
    completed_at: str | None
    completed_by: str | None
    subtasks: list[SubtaskOut]
    reminders: list[ReminderOut]


class TaskPage(OutModel):
    items: list[TaskOut]
    total: int
    page: int
    per_page: int


class TaskCompleted(TaskOut):
    """The completed task, like every answer about one task, and what it spawned."""

    next_occurrence: TaskOut | None = Field(
        description="the task a recurring task spawned when completed (else null)"
    )


SortKey = Literal["due", "priority", "created", "title"]


class TaskQuery(PageQuery):
    list_id: int | None = Field(None, ge=1)
    status: Literal["open", "completed", "all"] = "open"
    q: str | None = Field(None, max_length=200, description="words in the title or notes")
    tag: str | None = Field(None, max_length=50)
    priority: Priority | None = None
    assignee: str | None = Field(
        None, max_length=64, description="a username, 'me', or 'none' for unassigned tasks"
    )
    due_before: date | None = Field(None, description="due on or before this day (local)")
    due_after: date | None = Field(None, description="due on or after this day (local)")
    overdue: bool | None = None
    parent_id: int | None = Field(None, ge=1, description="the subtasks of this task")
    top_level: bool = Field(True, description="false: subtasks are listed too")
    sort: SortKey = "due"


class TaskCreate(ApiModel):
    title: Title
    list_id: int | None = Field(
        None, ge=1, description="default: your 'Inbox' list (created when missing)"
    )
    parent_id: int | None = Field(None, ge=1, description="make it a subtask of this task")
    notes: str = Field("", max_length=20_000)
    priority: Priority = "none"
    tags: TagNames = []
    due_date: date | None = None
    due_time: DueTime | None = None
    timezone: str | None = Field(None, min_length=1, max_length=64, description="default: yours")
    recurrence: Recurrence | None = None
    assignee: str | None = Field(None, min_length=1, max_length=64, description="a username")


class TaskUpdate(ApiModel):
    """Only the fields given change; ``null`` clears due_date, due_time, recurrence, assignee."""

    title: Title | None = None
    list_id: int | None = Field(None, ge=1)
    notes: str | None = Field(None, max_length=20_000)
    priority: Priority | None = None
    tags: TagNames | None = None
    due_date: date | None = None
    due_time: DueTime | None = None
    timezone: str | None = Field(None, min_length=1, max_length=64)
    recurrence: Recurrence | None = None
    assignee: str | None = Field(None, min_length=1, max_length=64)


class TagOut(OutModel):
    name: str
    open_tasks: int
    notes: int


class TagPage(OutModel):
    items: list[TagOut]
    total: int


# --- Reminders -------------------------------------------------------------------------------


class ReminderCreate(ApiModel):
    remind_at: datetime = Field(
        description="ISO 8601; without an offset it is local to the task's time zone"
    )


class ReminderPage(OutModel):
    items: list[ReminderOut]
    total: int


class ReminderQuery(PageQuery):
    state: Literal["scheduled", "sent", "all"] = "scheduled"


class DispatchOut(OutModel):
    sent: list[ReminderOut]


# --- Notes -----------------------------------------------------------------------------------


class FolderOut(OutModel):
    id: int
    name: str
    note_count: int


class FolderPage(OutModel):
    items: list[FolderOut]
    total: int


class FolderCreate(ApiModel):
    name: Name


class NoteOut(OutModel):
    id: int
    folder_id: int | None
    folder: str | None
    title: str
    body: str
    tags: list[str]
    pinned: bool
    created_at: str
    updated_at: str


class NotePage(OutModel):
    items: list[NoteOut]
    total: int
    page: int
    per_page: int


class NoteQuery(PageQuery):
    q: str | None = Field(None, max_length=200, description="words in the title or body")
    folder_id: int | None = Field(None, ge=1)
    unfiled: bool | None = Field(None, description="true: only notes in no folder")
    tag: str | None = Field(None, max_length=50)
    pinned: bool | None = None


class NoteCreate(ApiModel):
    title: Title
    body: str = Field("", max_length=100_000)
    folder_id: int | None = Field(None, ge=1)
    tags: TagNames = []
    pinned: bool = False


class NoteUpdate(ApiModel):
    """Only the fields given change; ``folder_id: null`` moves the note out of its folder."""

    title: Title | None = None
    body: str | None = Field(None, max_length=100_000)
    folder_id: int | None = Field(None, ge=1)
    tags: TagNames | None = None
    pinned: bool | None = None
