"""The Knowledge Base tables: users, spaces with their permissions, pages in a tree with their
versions, comments, watches, and the links between pages read from their bodies."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from sqlalchemy import JSON, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin
from mock_services.core.base.tags import tag_names

Role = Literal["admin", "member", "guest"]
Access = Literal["none", "view", "edit"]
Level = Literal["view", "edit", "admin"]
PageStatus = Literal["draft", "published", "archived"]
Labels = tag_names(20)  # a page's labels, as the core cleans tags


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    """Who logs in: a site ``admin`` (every space, as its admin), a ``member`` (each space's
    default access and their grants) or a ``guest`` (their grants only)."""

    __tablename__ = "users"
    role: Mapped[str] = mapped_column(String(8), default="member")
    job_title: Mapped[str] = mapped_column(String(100), default="")


class Space(Base):
    """A space of pages: ``default_access`` is what every member has in it without a grant."""

    __tablename__ = "spaces"
    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(10), unique=True)
    name: Mapped[str] = mapped_column(String(100))
    description: Mapped[str] = mapped_column(Text, default="")
    default_access: Mapped[str] = mapped_column(String(4), default="view")
    created_at: Mapped[datetime]


class SpacePermission(Base):
    """A user's grant in a space: ``view``, ``edit`` or ``admin`` (settings and grants)."""

    __tablename__ = "space_permissions"
    __table_args__ = (UniqueConstraint("space_id", "user_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    space_id: Mapped[int] = mapped_column(ForeignKey("spaces.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    level: Mapped[str] = mapped_column(String(5))


class Page(Base):
    """A page: its current title, body and labels (a published page's are its latest
    version's), its place in the space's tree and its status."""

    __tablename__ = "pages"
    id: Mapped[int] = mapped_column(primary_key=True)
    space_id: Mapped[int] = mapped_column(ForeignKey("spaces.id"), index=True)
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("pages.id"), index=True)
    title: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text, default="")
    labels: Mapped[list[str]] = mapped_column(JSON, default=list)  # lowercase names, sorted
    status: Mapped[str] = mapped_column(String(9), default="published", index=True)
    version: Mapped[int] = mapped_column(default=0)  # its latest version's number; 0: a draft
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    updated_by_id: Mapped[int] = mapped_column(ForeignKey("users.id"))


class PageVersion(Base):
    """One save of a published page: its content then, who saved it, when and why."""

    __tablename__ = "page_versions"
    __table_args__ = (UniqueConstraint("page_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id"), index=True)
    number: Mapped[int]
    title: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text, default="")
    labels: Mapped[list[str]] = mapped_column(JSON, default=list)
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime]
    message: Mapped[str] = mapped_column(String(500), default="")


class Comment(Base):
    __tablename__ = "comments"
    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id"), index=True)
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    resolved: Mapped[bool] = mapped_column(default=False)
    resolved_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    resolved_at: Mapped[datetime | None]


class Watch(Base):
    """A user watching a page: mailed when it gets a new version or a comment."""

    __tablename__ = "watches"
    __table_args__ = (UniqueConstraint("page_id", "user_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime]


class PageLink(Base):
    """A link written in a page's body (``[[Title]]``, ``[[KEY:Title]]``, ``[[12]]``), as
    written (``target``) and the page it leads to (NULL: no such page yet)."""

    __tablename__ = "page_links"
    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id"), index=True)
    target: Mapped[str] = mapped_column(String(220))
    target_id: Mapped[int | None] = mapped_column(ForeignKey("pages.id"), index=True)


class PageReview(Base):
    """A meeting to review a page, put on its attendees' calendars (the calendar service)."""

    __tablename__ = "page_reviews"
    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id"), index=True)
    organizer_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    start: Mapped[datetime]
    end: Mapped[datetime]
    attendees: Mapped[list[str]] = mapped_column(JSON, default=list)  # usernames, sorted
    note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
