"""The expense seed document: company policy, currencies with fixed rates, categories with
limits, users with roles, and reports with items and receipts, referenced by natural keys
(usernames, currency codes, category slugs, report codes)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from mock_services.core.seeding.files import FILE_FIELDS, FileSeed
from mock_services.core.seeding.seed import Loc, SeedDate, SeedDateTime, SeedModel, ServiceSeed
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    ColumnField,
    Entity,
    Entry,
    Hook,
    Ref,
    Section,
    SeedMap,
    code_from_id,
    moment,
)
from mock_services.core.seeding.users import UserSeed
from mock_services.expense.models import (
    Category,
    Company,
    Currency,
    Item,
    Receipt,
    Report,
    ReportStatus,
    Role,
    User,
)
from mock_services.expense.money import (
    Amount,
    CurrencyCode,
    Limit,
    Rate,
    amount,
    convert,
    rate,
    to_cents,
    to_ppm,
)

_SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"
# The fields each status needs (and the only review fields it may have).
_STATUS_FIELDS = {
    "draft": (),
    "submitted": ("submitted_at",),
    "approved": ("submitted_at", "reviewed_by", "reviewed_at"),
    "rejected": ("submitted_at", "reviewed_by", "reviewed_at", "review_note"),
    "reimbursed": (
        "submitted_at",
        "reviewed_by",
        "reviewed_at",
        "reimbursed_by",
        "reimbursed_at",
    ),
}
_OPTIONAL_FIELDS = {
    "approved": ("review_note",),
    "reimbursed": ("review_note", "reimbursement_reference"),
}
_LIFECYCLE_FIELDS = (
    "submitted_at",
    "reviewed_by",
    "reviewed_at",
    "review_note",
    "reimbursed_by",
    "reimbursed_at",
    "reimbursement_reference",
)


def report_code(report_id: int) -> str:
    """The code of a report created with id ``report_id``: ``EXP-1042`` for id 42."""
    return f"EXP-{1000 + report_id}"


class CompanySeed(SeedModel):
    name: str = Field("Example Corp", min_length=1, max_length=200)
    base_currency: CurrencyCode = Field("USD", description="must be listed in currencies, rate 1")
    receipt_required_above: Limit = Field(
        25.0, description="items above this (base currency) need a receipt to be submitted"
    )


class CurrencySeed(SeedModel):
    id: int | None = Field(None, ge=1)
    code: CurrencyCode
    name: str = Field(min_length=1, max_length=100)
    rate: Rate = Field(description="base-currency units one unit is worth (fixed)")


class CategorySeed(SeedModel):
    id: int | None = Field(None, ge=1)
    slug: str = Field(pattern=_SLUG, max_length=60)
    name: str = Field(min_length=1, max_length=120)
    limit: Limit | None = Field(None, description="per-item policy limit in the base currency")


class ExpenseUserSeed(UserSeed):
    role: Role = "employee"
    department: str | None = Field(None, max_length=100)


class ReceiptSeed(FileSeed):
    """A receipt: give ``text`` (stored UTF-8) or ``content_base64`` (any bytes)."""

    content_type: str = Field("text/plain", pattern=r"^[\w.+-]+/[\w.+-]+$", max_length=200)
    uploaded_at: SeedDateTime | None = Field(None, description="defaults to the report's creation")


class ItemSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    spent_on: SeedDate
    merchant: str = Field(min_length=1, max_length=200)
    description: str = Field("", max_length=500)
    category: str = Field(description="category slug")
    amount: Amount
    currency: CurrencyCode | None = Field(None, description="defaults to the base currency")
    receipts: list[ReceiptSeed] = []


class ReportSeed(SeedModel):
    """A report in any status; the review and reimbursement fields fit the status (a rejected
    report needs ``review_note``; a reimbursed one ``reimbursed_by`` and ``reimbursed_at``)."""

    id: int | None = Field(None, ge=1)
    code: str | None = Field(None, pattern=r"^[A-Z0-9][A-Z0-9-]{2,31}$")
    owner: str
    title: str = Field(min_length=1, max_length=200)
    purpose: str = Field("", max_length=2000)
    status: ReportStatus = "draft"
    created_at: SeedDateTime
    submitted_at: SeedDateTime | None = None
    reviewed_by: str | None = Field(None, description="username of an approver")
    reviewed_at: SeedDateTime | None = None
    review_note: str | None = Field(None, max_length=1000)
    reimbursed_by: str | None = Field(None, description="username of a finance user")
    reimbursed_at: SeedDateTime | None = None
    reimbursement_reference: str | None = Field(None, max_length=100)
    items: list[ItemSeed] = []

    @model_validator(mode="after")
    def _fields_fit_status(self) -> ReportSeed:
        needed = _STATUS_FIELDS[self.status]
        missing = [name for name in needed if getattr(self, name) is None]
        if missing:
            raise ValueError(f"a {self.status} report needs {', '.join(missing)}")
        allowed = (*needed, *_OPTIONAL_FIELDS.get(self.status, ()))
        extra = [n for n in _LIFECYCLE_FIELDS if n not in allowed and getattr(self, n) is not None]
        if extra:
            raise ValueError(f"a {self.status} report has no {', '.join(extra)}")
        return self


class ExpenseSeed(ServiceSeed):
    company: CompanySeed = CompanySeed()
    currencies: list[CurrencySeed] = []
    categories: list[CategorySeed] = []
    users: list[ExpenseUserSeed] = []
    reports: list[ReportSeed] = []


# --- Load and export: one mapping per entity ---------------------------------------------------


def _base_currency_listed(entry: Entry) -> None:
    """The base currency is one of the currencies, at rate 1."""
    base = entry.seed.base_currency
    rates = {c.code: to_ppm(c.rate) for c in entry.loading.document.currencies}
    if rates.get(base) != to_ppm(1):
        listed = f"rate {rate(rates[base])}" if base in rates else "not listed"
        raise entry.ctx.error(
            ("company", "base_currency"),
            f"the base currency {base!r} must be listed in currencies with rate 1 ({listed})",
        )


def _rate_ppm(entry: Entry, code: str) -> int:
    return entry.loading.grouped("currency", "code")[code][0]["rate_ppm"]


def _item_currency(entry: Entry, item: ItemSeed, loc: Loc) -> str:
    """An item's currency (default: the company's base currency), which must be listed."""
    currency = item.currency or entry.loading.document.company.base_currency
    entry.ctx.ref("currency", currency, (*loc, "currency"))
    return currency


def _report_total(entry: Entry) -> int:
    """The sum of the report's items in the base currency."""
    total = 0
    for i, item in enumerate(entry.seed.items):
        loc = (*entry.loc, "items", i)
        currency = _item_currency(entry, item, loc)
        entry.ctx.ref("category", item.category, (*loc, "category"))
        total += convert(to_cents(item.amount), _rate_ppm(entry, currency))
    return total


def _staff_roles(entry: Entry) -> None:
    """A report's reviewer is an approver, its payer finance; neither owns the report."""
    report, users = entry.seed, entry.loading.rows["user"]
    for field_name, column, role in (
        ("reviewed_by", "reviewer_id", "approver"),
        ("reimbursed_by", "reimbursed_by_id", "finance"),
    ):
        username, loc = getattr(report, field_name), (*entry.loc, field_name)
        if username is None:
            continue
        held = users[entry.row[column]]["role"]
        if held != role:
            raise entry.ctx.error(loc, f"{username!r} is {held!r}, not {role!r}")
        if username == report.owner:
            raise entry.ctx.error(loc, f"{username!r} owns the report and cannot review or pay it")


def _over_limit(entry: Entry) -> bool:
    limit = entry.loading.rows["category"][entry.row["category_id"]]["limit_cents"]
    return limit is not None and entry.row["base_cents"] > limit


def _uploaded_default(entry: Entry) -> Any:
    """A receipt without ``uploaded_at`` was uploaded when its report was created."""
    assert entry.parent is not None and entry.parent.parent is not None
    return entry.parent.parent.seed.created_at


COMPANY = Entity(
    "company",
    CompanySeed,
    Company,
    (
        "name",
        "base_currency",
        ColumnField("receipt_required_above", "receipt_required_above_cents", to_cents, amount),
    ),
    check=_base_currency_listed,
)
CURRENCY = Entity(
    "currency",
    CurrencySeed,
    Currency,
    ("code", "name", ColumnField("rate", "rate_ppm", to_ppm, rate)),
    key="code",
)
CATEGORY = Entity(
    "category",
    CategorySeed,
    Category,
    ("slug", "name", ColumnField("limit", "limit_cents", to_cents, amount)),
    key="slug",
)
USER = Entity("user", ExpenseUserSeed, User, (*USER_FIELDS, "role", "department"), key="username")
RECEIPT = Entity(
    "receipt",
    ReceiptSeed,
    Receipt,
    (
        *FILE_FIELDS,
        moment("uploaded_at", default=_uploaded_default),
    ),
)
ITEM = Entity(
    "item",
    ItemSeed,
    Item,
    (
        "spent_on",
        "merchant",
        "description",
        Hook("currency", load_with=lambda e: _item_currency(e, e.seed, e.loc)),
        Ref("category", "category_id", "category"),
        ColumnField("amount", "amount_cents", to_cents, amount),
        Hook(
            column="base_cents",
            load_with=lambda e: convert(e.row["amount_cents"], _rate_ppm(e, e.row["currency"])),
        ),
        Hook(column="over_limit", load_with=_over_limit),
    ),
    children=(Children("receipts", RECEIPT, "item_id"),),
)
REPORT = Entity(
    "report",
    ReportSeed,
    Report,
    (
        code_from_id("code", report_code),
        Ref("owner", "owner_id", "user"),
        "title",
        "purpose",
        "status",
        Hook(column="total_cents", load_with=_report_total),
        moment("created_at"),
        moment("submitted_at"),
        Ref("reviewed_by", "reviewer_id", "user"),
        moment("reviewed_at"),
        "review_note",
        Ref("reimbursed_by", "reimbursed_by_id", "user"),
        moment("reimbursed_at"),
        "reimbursement_reference",
    ),
    key="code",
    children=(Children("items", ITEM, "report_id"),),
    check=_staff_roles,
)
SEED_MAP = SeedMap(
    ExpenseSeed,
    (
        Section("company", COMPANY, single=True),
        Section("currencies", CURRENCY),
        Section("categories", CATEGORY),
        Section("users", USER),
        Section("reports", REPORT),
    ),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
