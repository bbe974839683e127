"""The CRM's tables: owners (users) and territories, accounts, contacts, leads, deals in
pipeline stages, activities logged against them, tasks, and exported account reports."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal

from sqlalchemy import JSON, Float, ForeignKey, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin

Role = Literal["rep", "manager"]
Tier = Literal["vip", "core", "standard"]
AccountStatus = Literal["prospect", "active", "inactive", "suspended", "churned"]
AccountType = Literal["customer", "supplier", "partner"]
Size = Literal["1-10", "11-50", "51-200", "201-1000", "1001-5000", "5000+"]
LeadStatus = Literal["new", "working", "qualified", "unqualified", "converted"]
LeadSource = Literal["web", "referral", "event", "cold_call", "partner", "advertising"]
Stage = Literal[
    "prospecting", "qualification", "proposal", "negotiation", "closed_won", "closed_lost"
]
ActivityKind = Literal["call", "meeting", "email", "note"]
TaskStatus = Literal["open", "done"]
Priority = Literal["low", "normal", "high"]

STAGES: tuple[Stage, ...] = (
    "prospecting",
    "qualification",
    "proposal",
    "negotiation",
    "closed_won",
    "closed_lost",
)
PROBABILITY: dict[str, int] = {
    "prospecting": 10,
    "qualification": 20,
    "proposal": 50,
    "negotiation": 75,
    "closed_won": 100,
    "closed_lost": 0,
}
"""A deal's probability of closing, in percent, by stage (HubSpot's default pipeline)."""
CLOSED = ("closed_won", "closed_lost")


class Base(DeclarativeBase):
    pass


class Territory(Base):
    __tablename__ = "territories"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    region: Mapped[str] = mapped_column(String(100), default="")


class User(UserMixin, Base):
    __tablename__ = "users"
    role: Mapped[str] = mapped_column(String(10), default="rep")
    job_title: Mapped[str] = mapped_column(String(100), default="")
    territory_id: Mapped[int | None] = mapped_column(ForeignKey("territories.id"))


class Account(Base):
    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(20), unique=True)
    name: Mapped[str] = mapped_column(String(200), index=True)
    domain: Mapped[str | None] = mapped_column(String(200))
    industry: Mapped[str] = mapped_column(String(100), default="")
    size: Mapped[str | None] = mapped_column(String(10))
    tier: Mapped[str] = mapped_column(String(10), default="standard")
    status: Mapped[str] = mapped_column(String(10), default="active")
    account_type: Mapped[str] = mapped_column(String(10), default="customer")
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    territory_id: Mapped[int | None] = mapped_column(ForeignKey("territories.id"))
    annual_revenue: Mapped[int] = mapped_column(default=0)
    location: Mapped[str] = mapped_column(String(200), default="")
    sla: Mapped[str] = mapped_column(String(200), default="")
    contract_end: Mapped[date | None]
    churn_date: Mapped[date | None]
    churn_reason: Mapped[str] = mapped_column(String(500), default="")
    satisfaction: Mapped[float | None] = mapped_column(Float)
    last_contact: Mapped[date | None]
    notes: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]


class Contact(Base):
    __tablename__ = "contacts"
    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), index=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100), default="")
    email: Mapped[str | None] = mapped_column(String(254), index=True)
    phone: Mapped[str] = mapped_column(String(50), default="")
    job_title: Mapped[str] = mapped_column(String(100), default="")
    primary: Mapped[bool] = mapped_column(default=False)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    notes: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]


class Lead(Base):
    __tablename__ = "leads"
    id: Mapped[int] = mapped_column(primary_key=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100), default="")
    email: Mapped[str | None] = mapped_column(String(254), index=True)
    phone: Mapped[str] = mapped_column(String(50), default="")
    company: Mapped[str] = mapped_column(String(200), default="")
    job_title: Mapped[str] = mapped_column(String(100), default="")
    source: Mapped[str] = mapped_column(String(20), default="web")
    status: Mapped[str] = mapped_column(String(20), default="new")
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    notes: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
    converted_at: Mapped[datetime | None]
    contact_id: Mapped[int | None] = mapped_column(ForeignKey("contacts.id"))
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"))
    deal_id: Mapped[int | None] = mapped_column(ForeignKey("deals.id"))


class Deal(Base):
    __tablename__ = "deals"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    contact_id: Mapped[int | None] = mapped_column(ForeignKey("contacts.id"))
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    stage: Mapped[str] = mapped_column(String(20), default="prospecting")
    amount: Mapped[float] = mapped_column(Float, default=0.0)
    currency: Mapped[str] = mapped_column(String(3), default="USD")
    close_date: Mapped[date]
    closed_at: Mapped[datetime | None]
    lost_reason: Mapped[str] = mapped_column(String(500), default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]


class Activity(Base):
    __tablename__ = "activities"
    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text, default="")
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    contact_id: Mapped[int | None] = mapped_column(ForeignKey("contacts.id"), index=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), index=True)
    deal_id: Mapped[int | None] = mapped_column(ForeignKey("deals.id"), index=True)
    occurred_at: Mapped[datetime]
    duration_minutes: Mapped[int | None]
    mailed: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime]


class Task(Base):
    __tablename__ = "tasks"
    id: Mapped[int] = mapped_column(primary_key=True)
    subject: Mapped[str] = mapped_column(String(200))
    notes: Mapped[str] = mapped_column(Text, default="")
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    due_date: Mapped[date | None]
    priority: Mapped[str] = mapped_column(String(10), default="normal")
    status: Mapped[str] = mapped_column(String(10), default="open")
    contact_id: Mapped[int | None] = mapped_column(ForeignKey("contacts.id"))
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"))
    deal_id: Mapped[int | None] = mapped_column(ForeignKey("deals.id"))
    completed_at: Mapped[datetime | None]
    created_at: Mapped[datetime]


class ReportExport(Base):
    __tablename__ = "report_exports"
    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    summary: Mapped[str] = mapped_column(Text, default="")
    account_codes: Mapped[list[Any]] = mapped_column(JSON, default=list)
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime]
