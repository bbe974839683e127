"""The expense service's tables. Names and columns are a public contract: verifiers read them.

Money is stored as integer cents (``*_cents``), rates as millionths (``rate_ppm``); datetimes
as naive UTC, item dates as dates.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal, get_args

from sqlalchemy import ForeignKey, Index, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin

Role = Literal["employee", "approver", "finance"]
ROLES: tuple[str, ...] = get_args(Role)
ReportStatus = Literal["draft", "submitted", "approved", "rejected", "reimbursed"]
REPORT_STATUSES: tuple[str, ...] = get_args(ReportStatus)
EDITABLE_STATUSES = ("draft", "rejected")
"""The owner may change a report's items and receipts only in these statuses."""


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    """An employee; ``role`` says who may approve (approver) and reimburse (finance)."""

    __tablename__ = "users"
    role: Mapped[str] = mapped_column(String(20), default="employee")
    department: Mapped[str | None] = mapped_column(String(100))


class Company(Base):
    """The one row of company-wide policy: base currency and receipt threshold."""

    __tablename__ = "company"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    base_currency: Mapped[str] = mapped_column(String(3))
    receipt_required_above_cents: Mapped[int]


class Currency(Base):
    """A currency and its fixed rate: one unit is worth ``rate_ppm / 1e6`` base units."""

    __tablename__ = "currencies"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(3), unique=True)
    name: Mapped[str] = mapped_column(String(100))
    rate_ppm: Mapped[int]


class Category(Base):
    """An expense category; ``limit_cents`` (base currency) caps one item, else flagged."""

    __tablename__ = "categories"
    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(60), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    limit_cents: Mapped[int | None]


class Report(Base):
    """An expense report. ``total_cents`` is the sum of its items in the base currency."""

    __tablename__ = "reports"
    __table_args__ = (Index("ix_reports_owner_status", "owner_id", "status"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    title: Mapped[str] = mapped_column(String(200))
    purpose: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(20), index=True)
    total_cents: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime]
    submitted_at: Mapped[datetime | None]
    reviewer_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    reviewed_at: Mapped[datetime | None]
    review_note: Mapped[str | None] = mapped_column(String(1000))
    reimbursed_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    reimbursed_at: Mapped[datetime | None]
    reimbursement_reference: Mapped[str | None] = mapped_column(String(100))


class Item(Base):
    """One expense line: what was spent, in its own currency and in the base currency."""

    __tablename__ = "items"
    id: Mapped[int] = mapped_column(primary_key=True)
    report_id: Mapped[int] = mapped_column(ForeignKey("reports.id"), index=True)
    spent_on: Mapped[date]
    merchant: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(String(500), default="")
    category_id: Mapped[int] = mapped_column(ForeignKey("categories.id"))
    amount_cents: Mapped[int]
    currency: Mapped[str] = mapped_column(String(3))
    base_cents: Mapped[int]
    over_limit: Mapped[bool] = mapped_column(default=False)
    """Flagged by policy: ``base_cents`` exceeds the category's limit."""


class Receipt(Base):
    """A file attached to an item; ``content_base64`` holds the bytes."""

    __tablename__ = "receipts"
    id: Mapped[int] = mapped_column(primary_key=True)
    item_id: Mapped[int] = mapped_column(ForeignKey("items.id"), index=True)
    filename: Mapped[str] = mapped_column(String(255))
    content_type: Mapped[str] = mapped_column(String(200))
    size: Mapped[int]
    content_base64: Mapped[str] = mapped_column(Text)
    uploaded_at: Mapped[datetime]
