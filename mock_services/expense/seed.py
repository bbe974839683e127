"""The expense seed document: company policy, currencies with fixed rates, categories with
limits, users with roles, and reports with items and receipts, referenced by natural keys
(usernames, currency codes, category slugs, report codes)."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator, Sequence
from datetime import datetime

from pydantic import Field, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.auth import UserSeed, user_row, user_seed_fields
from mock_services.core.clock import to_naive_utc
from mock_services.core.seeding import (
    Loc,
    SeedContext,
    SeedDate,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    bulk_insert,
    format_loc,
)
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

SERVICE = "expense"
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


class ReceiptSeed(SeedModel):
    """A file: give ``text`` (stored UTF-8) or ``content_base64`` (any bytes)."""

    id: int | None = Field(None, ge=1)
    filename: str = Field(min_length=1, max_length=255)
    content_type: str = Field("text/plain", pattern=r"^[\w.+-]+/[\w.+-]+$", max_length=200)
    text: str | None = None
    content_base64: str | None = None
    uploaded_at: SeedDateTime | None = Field(None, description="defaults to the report's creation")

    @model_validator(mode="after")
    def _one_content(self) -> ReceiptSeed:
        if (self.text is None) == (self.content_base64 is None):
            raise ValueError("give exactly one of 'text' or 'content_base64'")
        if self.content_base64 is not None:
            try:
                base64.b64decode(self.content_base64, validate=True)
            except (binascii.Error, ValueError):
                raise ValueError("'content_base64' is not valid base64") from None
        return self

    def raw(self) -> bytes:
        if self.text is not None:
            return self.text.encode()
        return base64.b64decode(self.content_base64 or "")


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


# --- Loading ---------------------------------------------------------------------------------


def _naive(value: datetime | None) -> datetime | None:
    return to_naive_utc(value) if value is not None else None


def _nested_ids(ctx: SeedContext, entries: Sequence[tuple[int | None, Loc]]) -> Iterator[int]:
    """Ids for nested rows (``(pinned id, loc)`` in document order), pinned ones kept."""
    seen: dict[int, Loc] = {}
    for pinned, loc in entries:
        if pinned is not None and pinned in seen:
            raise ctx.error(
                (*loc, "id"),
                f"id {pinned} is already pinned at {format_loc(ctx.service, seen[pinned])}",
            )
        if pinned is not None:
            seen[pinned] = loc
    return iter(ctx.allocate_ids([pinned for pinned, _ in entries], ()))


def load(session: Session, seed: ExpenseSeed, ctx: SeedContext) -> None:
    rates = _load_currencies(session, seed, ctx)
    limits = _load_categories(session, seed, ctx)
    roles = _load_users(session, seed, ctx)
    _load_reports(session, seed, ctx, rates, limits, roles)


def _load_currencies(session: Session, seed: ExpenseSeed, ctx: SeedContext) -> dict[str, int]:
    """Company and currencies; returns each currency's rate in millionths by code."""
    ids = ctx.allocate_ids([c.id for c in seed.currencies], ("currencies",))
    ctx.register_all("currency", [c.code for c in seed.currencies], ids, ("currencies",), "code")
    rates = {c.code: to_ppm(c.rate) for c in seed.currencies}
    base = seed.company.base_currency
    if rates.get(base) != to_ppm(1):
        listed = f"rate {rate(rates[base])}" if base in rates else "not listed"
        raise ctx.error(
            ("company", "base_currency"),
            f"the base currency {base!r} must be listed in currencies with rate 1 ({listed})",
        )
    company = seed.company
    bulk_insert(
        session,
        Company,
        [
            {
                "id": 1,
                "name": company.name,
                "base_currency": base,
                "receipt_required_above_cents": to_cents(company.receipt_required_above),
            }
        ],
    )
    bulk_insert(
        session,
        Currency,
        [
            {"id": ids[i], "code": c.code, "name": c.name, "rate_ppm": rates[c.code]}
            for i, c in enumerate(seed.currencies)
        ],
    )
    return rates


def _load_categories(
    session: Session, seed: ExpenseSeed, ctx: SeedContext
) -> dict[int, int | None]:
    """Categories; returns each one's limit in base cents by id."""
    ids = ctx.allocate_ids([c.id for c in seed.categories], ("categories",))
    slugs = [c.slug for c in seed.categories]
    ctx.register_all("category", slugs, ids, ("categories",), "slug")
    rows = [
        {
            "id": ids[i],
            "slug": c.slug,
            "name": c.name,
            "limit_cents": to_cents(c.limit) if c.limit is not None else None,
        }
        for i, c in enumerate(seed.categories)
    ]
    if rows:
        bulk_insert(session, Category, rows)
    return {row["id"]: row["limit_cents"] for row in rows}


def _load_users(session: Session, seed: ExpenseSeed, ctx: SeedContext) -> dict[str, str]:
    """Users; returns each one's role by username."""
    rows = []
    for u, user in enumerate(seed.users):
        ctx.register("user", user.username, u + 1, ("users", u, "username"))
        rows.append(
            {**user_row(SERVICE, user, u + 1), "role": user.role, "department": user.department}
        )
    if rows:
        bulk_insert(session, User, rows)
    return {user.username: user.role for user in seed.users}


def _staff(
    ctx: SeedContext, roles: dict[str, str], report: ReportSeed, role: str, loc: Loc
) -> int | None:
    """The id of the report's reviewer (``role`` approver) or payer (finance), if it has one:
    they must hold ``role`` and must not own the report."""
    username = report.reviewed_by if role == "approver" else report.reimbursed_by
    if username is None:
        return None
    user_id = ctx.ref("user", username, loc)
    if roles[username] != role:
        raise ctx.error(loc, f"{username!r} is {roles[username]!r}, not {role!r}")
    if username == report.owner:
        raise ctx.error(loc, f"{username!r} owns the report and cannot review or pay it")
    return user_id


def _load_reports(
    session: Session,
    seed: ExpenseSeed,
    ctx: SeedContext,
    rates: dict[str, int],
    limits: dict[int, int | None],
    roles: dict[str, str],
) -> None:
    report_ids = ctx.allocate_ids([r.id for r in seed.reports], ("reports",))
    item_ids = _nested_ids(
        ctx,
        [
            (item.id, ("reports", r, "items", i))
            for r, report in enumerate(seed.reports)
            for i, item in enumerate(report.items)
        ],
    )
    receipt_ids = _nested_ids(
        ctx,
        [
            (receipt.id, ("reports", r, "items", i, "receipts", k))
            for r, report in enumerate(seed.reports)
            for i, item in enumerate(report.items)
            for k, receipt in enumerate(item.receipts)
        ],
    )
    base = seed.company.base_currency
    reports, items, receipts = [], [], []
    for r, report in enumerate(seed.reports):
        rid, loc = report_ids[r], ("reports", r)
        code = report.code or report_code(rid)
        ctx.register("report", code, rid, (*loc, "code" if report.code else "id"))
        total = 0
        for i, item in enumerate(report.items):
            item_loc = (*loc, "items", i)
            currency = item.currency or base
            ctx.ref("currency", currency, (*item_loc, "currency"))
            category_id = ctx.ref("category", item.category, (*item_loc, "category"))
            cents = to_cents(item.amount)
            base_cents = convert(cents, rates[currency])
            limit = limits[category_id]
            total += base_cents
            item_id = next(item_ids)
            items.append(
                {
                    "id": item_id,
                    "report_id": rid,
                    "spent_on": item.spent_on,
                    "merchant": item.merchant,
                    "description": item.description,
                    "category_id": category_id,
                    "amount_cents": cents,
                    "currency": currency,
                    "base_cents": base_cents,
                    "over_limit": limit is not None and base_cents > limit,
                }
            )
            for receipt in item.receipts:
                raw = receipt.raw()
                receipts.append(
                    {
                        "id": next(receipt_ids),
                        "item_id": item_id,
                        "filename": receipt.filename,
                        "content_type": receipt.content_type,
                        "size": len(raw),
                        "content_base64": base64.b64encode(raw).decode(),
                        "uploaded_at": to_naive_utc(receipt.uploaded_at or report.created_at),
                    }
                )
        reports.append(
            {
                "id": rid,
                "code": code,
                "owner_id": ctx.ref("user", report.owner, (*loc, "owner")),
                "title": report.title,
                "purpose": report.purpose,
                "status": report.status,
                "total_cents": total,
                "created_at": to_naive_utc(report.created_at),
                "submitted_at": _naive(report.submitted_at),
                "reviewer_id": _staff(ctx, roles, report, "approver", (*loc, "reviewed_by")),
                "reviewed_at": _naive(report.reviewed_at),
                "review_note": report.review_note,
                "reimbursed_by_id": _staff(ctx, roles, report, "finance", (*loc, "reimbursed_by")),
                "reimbursed_at": _naive(report.reimbursed_at),
                "reimbursement_reference": report.reimbursement_reference,
            }
        )
    for model, rows in ((Report, reports), (Item, items), (Receipt, receipts)):
        if rows:
            bulk_insert(session, model, rows)


# --- Export ----------------------------------------------------------------------------------


def _aware(value: datetime | None, ctx: SeedContext) -> datetime | None:
    return value.replace(tzinfo=ctx.now.tzinfo) if value is not None else None


def receipt_seed(receipt: Receipt, ctx: SeedContext) -> ReceiptSeed:
    raw = base64.b64decode(receipt.content_base64)
    text = None
    if receipt.content_type.startswith("text/"):
        try:
            text = raw.decode()
        except UnicodeDecodeError:
            text = None
    return ReceiptSeed(
        id=receipt.id,
        filename=receipt.filename,
        content_type=receipt.content_type,
        text=text,
        content_base64=None if text is not None else receipt.content_base64,
        uploaded_at=_aware(receipt.uploaded_at, ctx),
    )


def dump(session: Session, ctx: SeedContext) -> ExpenseSeed:
    company = session.get(Company, 1)
    assert company is not None, "an expense DB always has its company row"
    users = session.scalars(select(User).order_by(User.id)).all()
    names = {u.id: u.username for u in users}
    categories = session.scalars(select(Category).order_by(Category.id)).all()
    slugs = {c.id: c.slug for c in categories}
    receipts_of: dict[int, list[ReceiptSeed]] = {}
    for receipt in session.scalars(select(Receipt).order_by(Receipt.id)):
        receipts_of.setdefault(receipt.item_id, []).append(receipt_seed(receipt, ctx))
    items_of: dict[int, list[ItemSeed]] = {}
    for item in session.scalars(select(Item).order_by(Item.id)):
        items_of.setdefault(item.report_id, []).append(
            ItemSeed(
                id=item.id,
                spent_on=item.spent_on,
                merchant=item.merchant,
                description=item.description,
                category=slugs[item.category_id],
                amount=amount(item.amount_cents),
                currency=item.currency,
                receipts=receipts_of.get(item.id, []),
            )
        )
    return ExpenseSeed(
        company=CompanySeed(
            name=company.name,
            base_currency=company.base_currency,
            receipt_required_above=amount(company.receipt_required_above_cents),
        ),
        currencies=[
            CurrencySeed(id=c.id, code=c.code, name=c.name, rate=rate(c.rate_ppm))
            for c in session.scalars(select(Currency).order_by(Currency.id))
        ],
        categories=[
            CategorySeed(
                id=c.id,
                slug=c.slug,
                name=c.name,
                limit=amount(c.limit_cents) if c.limit_cents is not None else None,
            )
            for c in categories
        ],
        users=[
            ExpenseUserSeed(**user_seed_fields(u), role=u.role, department=u.department)  # type: ignore[arg-type]
            for u in users
        ],
        reports=[
            _report_seed(r, names, items_of, ctx)
            for r in session.scalars(select(Report).order_by(Report.id))
        ],
    )


def _report_seed(
    report: Report, names: dict[int, str], items_of: dict[int, list[ItemSeed]], ctx: SeedContext
) -> ReportSeed:
    return ReportSeed(
        id=report.id,
        code=report.code,
        owner=names[report.owner_id],
        title=report.title,
        purpose=report.purpose,
        status=report.status,  # type: ignore[arg-type]
        created_at=_aware(report.created_at, ctx),  # type: ignore[arg-type]
        submitted_at=_aware(report.submitted_at, ctx),
        reviewed_by=names[report.reviewer_id] if report.reviewer_id else None,
        reviewed_at=_aware(report.reviewed_at, ctx),
        review_note=report.review_note,
        reimbursed_by=names[report.reimbursed_by_id] if report.reimbursed_by_id else None,
        reimbursed_at=_aware(report.reimbursed_at, ctx),
        reimbursement_reference=report.reimbursement_reference,
        items=items_of.get(report.id, []),
    )
