"""The Finance tables: users' books (accounts and their transactions, customers and vendors,
invoices with lines and payments, budgets, recurring payments) and the shared categories and
merchants. Amounts are integer cents; dates are calendar dates, moments naive UTC."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from sqlalchemy import ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin

Role = Literal["owner", "auditor"]
AccountKind = Literal["checking", "savings", "credit_card"]
CategoryKind = Literal["income", "expense", "transfer"]
TxStatus = Literal["pending", "posted"]
ContactKind = Literal["customer", "vendor"]
Direction = Literal["issued", "received"]
InvoiceStatus = Literal["draft", "open", "partly_paid", "paid", "void"]
"""What the ``invoices.status`` column holds; ``overdue`` is computed (see the README)."""
ShownStatus = Literal["draft", "open", "partly_paid", "paid", "overdue", "void"]
Frequency = Literal["weekly", "monthly", "quarterly", "yearly"]
RecurringStatus = Literal["active", "paused", "cancelled"]


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    """Who logs in: an ``owner`` keeps their own books; an ``auditor`` reads everyone's."""

    __tablename__ = "users"
    role: Mapped[str] = mapped_column(String(10), default="owner")


class Category(Base):
    __tablename__ = "categories"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    kind: Mapped[str] = mapped_column(String(10), default="expense")


class Merchant(Base):
    """Who a transaction was with, as the bank names them; its category is the default of its
    transactions."""

    __tablename__ = "merchants"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), unique=True)
    category_id: Mapped[int | None] = mapped_column(ForeignKey("categories.id"))


class Account(Base):
    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(12))
    currency: Mapped[str] = mapped_column(String(3), default="USD")
    number: Mapped[str] = mapped_column(String(4), default="")  # the last 4 digits
    opening_balance_cents: Mapped[int] = mapped_column(default=0)
    opened_on: Mapped[date]


class Transaction(Base):
    __tablename__ = "transactions"
    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    date: Mapped[date] = mapped_column(index=True)
    amount_cents: Mapped[int]  # negative: money out
    currency: Mapped[str] = mapped_column(String(3))
    merchant_id: Mapped[int | None] = mapped_column(ForeignKey("merchants.id"), index=True)
    category_id: Mapped[int | None] = mapped_column(ForeignKey("categories.id"), index=True)
    memo: Mapped[str] = mapped_column(String(500), default="")
    status: Mapped[str] = mapped_column(String(8), default="posted")
    recurring_id: Mapped[int | None] = mapped_column(ForeignKey("recurring_payments.id"))
    created_at: Mapped[datetime]


class Contact(Base):
    """A customer invoices are issued to, or a vendor whose invoices are received."""

    __tablename__ = "contacts"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(10))
    email: Mapped[str] = mapped_column(String(200), default="")


class Invoice(Base):
    __tablename__ = "invoices"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)  # INV-<id:04d>
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    direction: Mapped[str] = mapped_column(String(8))
    contact_id: Mapped[int] = mapped_column(ForeignKey("contacts.id"), index=True)
    number: Mapped[str] = mapped_column(String(40), default="")  # the vendor's own number
    currency: Mapped[str] = mapped_column(String(3), default="USD")
    issued_on: Mapped[date]
    due_on: Mapped[date]
    status: Mapped[str] = mapped_column(String(12), default="draft")
    total_cents: Mapped[int] = mapped_column(default=0)  # the lines' sum
    paid_cents: Mapped[int] = mapped_column(default=0)  # the payments' sum
    memo: Mapped[str] = mapped_column(String(500), default="")
    created_at: Mapped[datetime]


class InvoiceLine(Base):
    __tablename__ = "invoice_lines"
    id: Mapped[int] = mapped_column(primary_key=True)
    invoice_id: Mapped[int] = mapped_column(ForeignKey("invoices.id"), index=True)
    description: Mapped[str] = mapped_column(String(200))
    quantity: Mapped[int] = mapped_column(default=1)
    unit_price_cents: Mapped[int]
    amount_cents: Mapped[int]  # quantity x unit price


class Payment(Base):
    """A transaction matched to an invoice (reconciliation); a transaction pays one invoice."""

    __tablename__ = "payments"
    id: Mapped[int] = mapped_column(primary_key=True)
    invoice_id: Mapped[int] = mapped_column(ForeignKey("invoices.id"), index=True)
    transaction_id: Mapped[int] = mapped_column(ForeignKey("transactions.id"), unique=True)
    amount_cents: Mapped[int]  # positive, in the invoice's currency
    paid_on: Mapped[date]
    created_at: Mapped[datetime]


class Budget(Base):
    __tablename__ = "budgets"
    __table_args__ = (UniqueConstraint("owner_id", "category_id", "month"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    category_id: Mapped[int] = mapped_column(ForeignKey("categories.id"))
    month: Mapped[date]  # its first day
    limit_cents: Mapped[int]
    alert_percent: Mapped[int] = mapped_column(default=80)
    alerted_at: Mapped[datetime | None]  # when the owner was mailed that it passed the alert


class RecurringPayment(Base):
    __tablename__ = "recurring_payments"
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    payee: Mapped[str] = mapped_column(String(120))
    category_id: Mapped[int | None] = mapped_column(ForeignKey("categories.id"))
    amount_cents: Mapped[int]  # positive: what is paid each time
    frequency: Mapped[str] = mapped_column(String(10), default="monthly")
    next_date: Mapped[date | None]  # None once cancelled
    end_date: Mapped[date | None]
    status: Mapped[str] = mapped_column(String(10), default="active")
    memo: Mapped[str] = mapped_column(Text, default="")
