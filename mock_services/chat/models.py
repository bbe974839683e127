"""The Chat service's tables: accounts, and the items each of them keeps."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin

ItemStatus = Literal["open", "done"]


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    __tablename__ = "users"


class Item(Base):
    __tablename__ = "items"
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    title: Mapped[str] = mapped_column(String(200))
    notes: Mapped[str] = mapped_column(String(2000), default="")
    status: Mapped[str] = mapped_column(String(10), default="open")
    due: Mapped[datetime | None]
    created_at: Mapped[datetime]
