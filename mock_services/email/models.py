"""The email service's tables (a public contract: verifiers read them directly).

Each mailbox owns its own copy of a message (one ``messages`` row per owner); copies of one
sent mail share ``message_id`` (the RFC 5322 Message-ID) and ``thread_id``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from mock_services.core.base.auth import UserMixin

SYSTEM_FOLDERS = ("inbox", "sent", "drafts", "trash", "archive", "spam")


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    """A mail account; ``email`` is its address (unique among accounts)."""

    __tablename__ = "users"
    signature: Mapped[str] = mapped_column(Text, default="")


class Folder(Base):
    """A folder of one account: the six system folders and the account's custom ones."""

    __tablename__ = "folders"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    is_system: Mapped[bool] = mapped_column(Boolean, default=False)


class Label(Base):
    """A user-defined label of one account."""

    __tablename__ = "labels"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    color: Mapped[str | None] = mapped_column(String(20), nullable=True)


class Message(Base):
    """One account's copy of a mail (received, sent or draft)."""

    __tablename__ = "messages"
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    folder_id: Mapped[int] = mapped_column(ForeignKey("folders.id"), index=True)
    original_folder_id: Mapped[int | None] = mapped_column(ForeignKey("folders.id"), nullable=True)
    thread_id: Mapped[str] = mapped_column(String(200), index=True)
    message_id: Mapped[str] = mapped_column(String(300), index=True)
    in_reply_to: Mapped[str | None] = mapped_column(String(300), nullable=True)
    references: Mapped[list[Any]] = mapped_column("reference_ids", JSON, default=list)
    from_address: Mapped[str] = mapped_column(String(254))
    from_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    to_addresses: Mapped[list[Any]] = mapped_column(JSON, default=list)
    cc_addresses: Mapped[list[Any]] = mapped_column(JSON, default=list)
    bcc_addresses: Mapped[list[Any]] = mapped_column(JSON, default=list)
    subject: Mapped[str] = mapped_column(String(500), default="")
    body: Mapped[str] = mapped_column(Text, default="")
    body_html: Mapped[str | None] = mapped_column(Text, nullable=True)
    date: Mapped[datetime] = mapped_column(index=True)
    is_read: Mapped[bool] = mapped_column(Boolean, default=False)
    is_starred: Mapped[bool] = mapped_column(Boolean, default=False)

    folder: Mapped[Folder] = relationship(foreign_keys=[folder_id], lazy="joined")
    original_folder: Mapped[Folder | None] = relationship(foreign_keys=[original_folder_id])
    attachments: Mapped[list[Attachment]] = relationship(
        back_populates="message", order_by="Attachment.id", cascade="all, delete-orphan"
    )
    label_links: Mapped[list[MessageLabel]] = relationship(
        back_populates="message", cascade="all, delete-orphan"
    )


class MessageLabel(Base):
    """A label put on a message (mapped, so the audit log sees labels added and removed)."""

    __tablename__ = "message_labels"
    __table_args__ = {"sqlite_with_rowid": False}
    message_id: Mapped[int] = mapped_column(ForeignKey("messages.id"), primary_key=True)
    label_id: Mapped[int] = mapped_column(ForeignKey("labels.id"), primary_key=True, index=True)

    message: Mapped[Message] = relationship(back_populates="label_links")
    label: Mapped[Label] = relationship(lazy="joined")


class Attachment(Base):
    """A file attached to one message copy; ``content_base64`` holds the bytes."""

    __tablename__ = "attachments"
    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("messages.id"), index=True)
    filename: Mapped[str] = mapped_column(String(255))
    content_type: Mapped[str] = mapped_column(String(200))
    size: Mapped[int] = mapped_column(Integer)
    content_base64: Mapped[str] = mapped_column(Text)

    message: Mapped[Message] = relationship(back_populates="attachments")


class Contact(Base):
    """An entry of one account's address book."""

    __tablename__ = "contacts"
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(254))
    phone: Mapped[str | None] = mapped_column(String(50), nullable=True)
    company: Mapped[str | None] = mapped_column(String(200), nullable=True)
    notes: Mapped[str | None] = mapped_column(Text, nullable=True)
