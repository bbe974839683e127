"""Request bodies and answers of the expense API."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from mock_services.core.base.schemas import ApiModel, OutModel, PageQuery, omittable
from mock_services.expense.models import ReportStatus, Role
from mock_services.expense.money import Amount, CurrencyCode

Slug = str


class CompanyOut(OutModel):
    name: str
    base_currency: str
    receipt_required_above: float = Field(
        description="items above this amount (base currency) need a receipt to be submitted"
    )


class CurrencyOut(OutModel):
    code: str
    name: str
    rate: float = Field(description="base-currency units one unit is worth (fixed)")


class CurrencyList(OutModel):
    items: list[CurrencyOut]
    total: int


class CategoryOut(OutModel):
    slug: str
    name: str
    limit: float | None = Field(description="per-item policy limit in the base currency")


class CategoryList(OutModel):
    items: list[CategoryOut]
    total: int


class PersonOut(OutModel):
    username: str
    display_name: str


class MeOut(PersonOut):
    email: str
    role: Role
    department: str | None


class ReceiptOut(OutModel):
    id: int
    filename: str
    content_type: str
    size: int
    uploaded_at: str


class ItemOut(OutModel):
    id: int
    spent_on: str
    merchant: str
    description: str
    category: str = Field(description="category slug")
    amount: float
    currency: str
    base_amount: float = Field(description="the amount in the base currency, at the fixed rate")
    over_limit: bool = Field(description="flagged: above the category's per-item limit")
    receipt_missing: bool = Field(description="above the receipt threshold with no receipt")
    receipts: list[ReceiptOut]


class ReportSummary(OutModel):
    id: int
    code: str
    owner: PersonOut
    title: str
    status: ReportStatus
    total: float = Field(description="in the base currency")
    currency: str = Field(description="the base currency")
    created_at: str
    submitted_at: str | None


class ReportOut(ReportSummary):
    purpose: str
    reviewer: PersonOut | None
    reviewed_at: str | None
    review_note: str | None
    reimbursed_by: PersonOut | None
    reimbursed_at: str | None
    reimbursement_reference: str | None
    flagged_items: int = Field(description="items over their category's limit")
    items: list[ItemOut]


class ReportPage(OutModel):
    items: list[ReportSummary]
    total: int
    page: int
    per_page: int


class ReportQuery(PageQuery):
    scope: Literal["mine", "team"] = Field(
        "mine", description="team: every non-draft report of others (approvers and finance)"
    )
    status: ReportStatus | None = None
    q: str | None = Field(None, max_length=200, description="words in title, code or purpose")
    owner: str | None = Field(None, max_length=64, description="username of the owner")


class ExportQuery(ApiModel):
    scope: Literal["mine", "team"] = "mine"
    status: ReportStatus | None = None
    report: str | None = Field(None, max_length=32, description="one report, by code")


class ReportCreate(ApiModel):
    title: str = Field(min_length=1, max_length=200)
    purpose: str = Field("", max_length=2000)


class ReportUpdate(ApiModel):
    title: str = omittable(min_length=1, max_length=200)
    purpose: str = omittable(max_length=2000)


class ItemCreate(ApiModel):
    spent_on: date
    merchant: str = Field(min_length=1, max_length=200)
    description: str = Field("", max_length=500)
    category: Slug = Field(min_length=1, max_length=60, description="category slug")
    amount: Amount
    currency: CurrencyCode | None = Field(None, description="defaults to the base currency")


class ItemUpdate(ApiModel):
    spent_on: date = omittable()
    merchant: str = omittable(min_length=1, max_length=200)
    description: str = omittable(max_length=500)
    category: Slug = omittable(min_length=1, max_length=60)
    amount: Amount = omittable()
    currency: CurrencyCode = omittable()


class ReceiptCreate(ApiModel):
    filename: str = Field(min_length=1, max_length=255)
    content_type: str = Field(
        "application/octet-stream",
        pattern=r"^[\w.+-]+/[\w.+-]+$",
        max_length=200,
        description="the type you know it by; the receipt is stored with the type its content "
        "shows (PNG, JPEG, GIF, WebP, PDF or plain text; anything else is refused)",
    )
    content_base64: str = Field(min_length=1, max_length=7_000_000)


class ApproveRequest(ApiModel):
    note: str | None = Field(None, max_length=1000)


class RejectRequest(ApiModel):
    reason: str = Field(min_length=1, max_length=1000)


class ReimburseRequest(ApiModel):
    reference: str | None = Field(
        None, min_length=1, max_length=100, description="payment reference; default PAY-<code>"
    )
