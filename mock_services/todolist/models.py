"""The todolist's tables. Names and columns are a public contract: verifiers read them directly.

Datetimes are stored as naive UTC. A task's due date is kept as the user wrote it (``due_date``,
optional ``due_time``, in the task's own ``timezone``) and as the moment it falls due in UTC
(``due_at``: the due time, or the end of the due day for a task without a time). Tags are
JSON lists of lowercase names (``["errands", "home"]``), sorted.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal, get_args

from sqlalchemy import JSON, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from mock_services.core.base.auth import UserMixin

Priority = Literal["none", "low", "medium", "high"]
PRIORITIES: tuple[str, ...] = get_args(Priority)
TaskStatus = Literal["open", "completed"]
Frequency = Literal["daily", "weekly", "monthly", "yearly"]
FREQUENCIES: tuple[str, ...] = get_args(Frequency)


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    __tablename__ = "users"
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")


class TaskList(Base):
    """A user's list of tasks; names are unique per owner."""

    __tablename__ = "lists"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    color: Mapped[str] = mapped_column(String(7), default="#4a7bd0")
    created_at: Mapped[datetime]


class Task(Base):
    """A task in a list, or a subtask (``parent_id``) of a task in the same list."""

    __tablename__ = "tasks"
    __table_args__ = (
        Index("ix_tasks_list_status", "list_id", "status"),
        Index("ix_tasks_assignee", "assignee_id"),
        Index("ix_tasks_parent", "parent_id"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    list_id: Mapped[int] = mapped_column(ForeignKey("lists.id"))
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("tasks.id"))
    title: Mapped[str] = mapped_column(String(300))
    notes: Mapped[str] = mapped_column(Text, default="")
    priority: Mapped[str] = mapped_column(String(10), default="none")
    tags: Mapped[list[str]] = mapped_column(JSON, default=list)  # lowercase names, sorted
    status: Mapped[str] = mapped_column(String(10), default="open")
    due_date: Mapped[date | None]
    due_time: Mapped[str | None] = mapped_column(String(5))  # "HH:MM", local to ``timezone``
    timezone: Mapped[str] = mapped_column(String(64))
    due_at: Mapped[datetime | None] = mapped_column(index=True)
    recurrence_freq: Mapped[str | None] = mapped_column(String(10))
    recurrence_interval: Mapped[int] = mapped_column(default=1)
    recurrence_until: Mapped[date | None]
    assignee_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime]
    completed_at: Mapped[datetime | None]
    completed_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    # loaded with the task (one joined query): every answer names the list and its owner
    task_list: Mapped[TaskList] = relationship(lazy="joined", innerjoin=True)


class Reminder(Base):
    """A reminder mailed to ``user_id`` at ``remind_at``; ``sent_at`` is set once mailed."""

    __tablename__ = "reminders"
    id: Mapped[int] = mapped_column(primary_key=True)
    task_id: Mapped[int] = mapped_column(ForeignKey("tasks.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    remind_at: Mapped[datetime] = mapped_column(index=True)
    sent_at: Mapped[datetime | None]


class Folder(Base):
    """A folder of notes; names are unique per owner."""

    __tablename__ = "folders"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(100))


class Note(Base):
    __tablename__ = "notes"
    __table_args__ = (Index("ix_notes_owner_updated", "owner_id", "updated_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    folder_id: Mapped[int | None] = mapped_column(ForeignKey("folders.id"), index=True)
    title: Mapped[str] = mapped_column(String(300))
    body: Mapped[str] = mapped_column(Text, default="")
    tags: Mapped[list[str]] = mapped_column(JSON, default=list)  # lowercase names, sorted
    pinned: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
