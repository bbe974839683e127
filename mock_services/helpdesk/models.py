"""The Helpdesk tables: agents (the users who log in) in groups, requesters in organisations,
tickets with their comments, macros and the SLA targets per priority."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from sqlalchemy import JSON, ForeignKey, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin

Role = Literal["admin", "agent", "light-agent"]
Status = Literal["new", "open", "pending", "on-hold", "solved", "closed"]
Priority = Literal["low", "normal", "high", "urgent"]
TicketType = Literal["question", "incident", "problem", "task"]
Score = Literal["good", "bad"]


class Base(DeclarativeBase):
    pass


class Group(Base):
    __tablename__ = "groups"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)


class User(UserMixin, Base):
    """An agent: who logs in, is assigned tickets and writes replies and notes."""

    __tablename__ = "users"
    role: Mapped[str] = mapped_column(String(12), default="agent")
    group_id: Mapped[int | None] = mapped_column(ForeignKey("groups.id"), index=True)


class Organization(Base):
    __tablename__ = "organizations"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    domain: Mapped[str] = mapped_column(String(200), default="")
    external_id: Mapped[str | None] = mapped_column(String(64))


class Requester(Base):
    """An end user who asks for help; never logs in here, is mailed the public replies."""

    __tablename__ = "requesters"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(200), unique=True)
    organization_id: Mapped[int | None] = mapped_column(ForeignKey("organizations.id"), index=True)
    department: Mapped[str] = mapped_column(String(100), default="")


class SlaTarget(Base):
    """How soon a ticket of ``priority`` must get its first public reply and be solved."""

    __tablename__ = "sla_targets"
    id: Mapped[int] = mapped_column(primary_key=True)
    priority: Mapped[str] = mapped_column(String(10), unique=True)
    first_reply_minutes: Mapped[int]
    resolution_minutes: Mapped[int]


class Ticket(Base):
    __tablename__ = "tickets"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)  # TK-<id>
    subject: Mapped[str] = mapped_column(String(300))
    description: Mapped[str] = mapped_column(Text, default="")
    requester_id: Mapped[int] = mapped_column(ForeignKey("requesters.id"), index=True)
    assignee_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    group_id: Mapped[int | None] = mapped_column(ForeignKey("groups.id"), index=True)
    status: Mapped[str] = mapped_column(String(10), default="new", index=True)
    priority: Mapped[str] = mapped_column(String(10), default="normal")
    type: Mapped[str] = mapped_column(String(10), default="question")
    category: Mapped[str] = mapped_column(String(100), default="")
    tags: Mapped[list[str]] = mapped_column(JSON, default=list)  # lowercase names, sorted
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    first_reply_at: Mapped[datetime | None]
    solved_at: Mapped[datetime | None]
    resolution: Mapped[str] = mapped_column(Text, default="")
    merged_into_id: Mapped[int | None] = mapped_column(ForeignKey("tickets.id"))
    satisfaction: Mapped[str | None] = mapped_column(String(4))
    satisfaction_comment: Mapped[str] = mapped_column(Text, default="")


class Comment(Base):
    """A public reply or an internal note; ``author_id`` None: the requester wrote it."""

    __tablename__ = "comments"
    id: Mapped[int] = mapped_column(primary_key=True)
    ticket_id: Mapped[int] = mapped_column(ForeignKey("tickets.id"), index=True)
    author_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    public: Mapped[bool] = mapped_column(default=True)
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]


class Macro(Base):
    """A named bundle of field changes and a reply, applied to a ticket in one step."""

    __tablename__ = "macros"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    description: Mapped[str] = mapped_column(String(500), default="")
    set_status: Mapped[str | None] = mapped_column(String(10))
    set_priority: Mapped[str | None] = mapped_column(String(10))
    set_type: Mapped[str | None] = mapped_column(String(10))
    set_group_id: Mapped[int | None] = mapped_column(ForeignKey("groups.id"))
    assign_to_caller: Mapped[bool] = mapped_column(default=False)
    add_tags: Mapped[list[str]] = mapped_column(JSON, default=list)
    reply: Mapped[str] = mapped_column(Text, default="")
    reply_public: Mapped[bool] = mapped_column(default=True)
