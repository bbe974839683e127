"""What the Finance API takes and answers (the UI's forms validate through the same models)."""

from __future__ import annotations

import datetime as dt
from datetime import date
from typing import Annotated, Literal

from pydantic import Field, field_validator

from mock_services.core.base.schemas import ApiModel, Lines, OutModel, PageQuery
from mock_services.finance.models import (
    AccountKind,
    CategoryKind,
    ContactKind,
    Direction,
    Frequency,
    ShownStatus,
    TxStatus,
)
from mock_services.finance.money import Amount, CurrencyCode, SignedAmount

Month = Annotated[str, Field(pattern=r"^\d{4}-(0[1-9]|1[0-2])$", examples=["2026-03"])]
Name = Annotated[str, Field(min_length=1, max_length=120)]

# --- accounts and statements -----------------------------------------------------------------


class AccountCreate(ApiModel):
    name: str = Field(min_length=1, max_length=80)
    kind: AccountKind
    currency: CurrencyCode = "USD"
    number: str = Field("", pattern=r"^(\d{4})?$", description="the last 4 digits")
    opening_balance: SignedAmount = Field(0, description="the balance before any transaction")
    opened_on: date | None = Field(None, description="default: today")


class AccountOut(OutModel):
    id: int
    owner: str
    name: str
    kind: str
    currency: str
    number: str
    opened_on: str
    opening_balance: float
    balance: float = Field(description="opening balance plus posted transactions")
    pending: float = Field(description="the pending transactions' sum")
    available: float = Field(description="balance plus pending")
    transactions: int


class AccountList(OutModel):
    items: list[AccountOut]


class StatementQuery(ApiModel):
    start: date | None = Field(None, description="first day; default: the 1st of this month")
    end: date | None = Field(None, description="last day, included; default: today")


class StatementImport(ApiModel):
    csv: str = Field(
        min_length=1,
        max_length=500_000,
        description=(
            "a CSV statement: the header date,amount,merchant,category,memo,status (the "
            "export's columns, any order; category, memo and status may be left out), then one "
            "line per transaction"
        ),
    )


# --- transactions, categories, merchants -----------------------------------------------------


class TransactionQuery(PageQuery):
    account_id: int | None = None
    category: str | None = Field(None, description="a category name, or 'none'")
    merchant: str | None = Field(None, description="a merchant name")
    status: TxStatus | None = None
    start: date | None = None
    end: date | None = None
    q: str | None = Field(None, description="words in the merchant or memo")
    unmatched: bool | None = Field(None, description="true: not linked to an invoice")


class TransactionCreate(ApiModel):
    account_id: int
    date: dt.date | None = Field(None, description="default: today")
    amount: SignedAmount = Field(description="negative: money out; positive: money in")
    merchant: str | None = Field(None, max_length=120, description="new names are added")
    category: str | None = Field(None, description="a category name; default: the merchant's")
    memo: str = Field("", max_length=500)
    status: TxStatus = "posted"

    @field_validator("amount")
    @classmethod
    def _not_zero(cls, value: float) -> float:
        if value == 0:
            raise ValueError("expected an amount other than 0")
        return value


class TransactionUpdate(ApiModel):
    date: dt.date | None = Field(None, description="pending transactions only")
    amount: SignedAmount | None = Field(None, description="pending transactions only")
    merchant: str | None = Field(None, max_length=120)
    memo: str | None = Field(None, max_length=500)
    status: Literal["posted"] | None = Field(None, description="post a pending transaction")


class CategorizeRequest(ApiModel):
    category: str = Field(min_length=1, description="a category name (GET /api/categories)")
    apply_to_merchant: bool = Field(
        False,
        description="also make it the merchant's category and re-categorise all your "
        "transactions with that merchant",
    )


class TransactionOut(OutModel):
    id: int
    account_id: int
    account: str
    date: str
    amount: float
    currency: str
    merchant: str | None
    category: str | None
    memo: str
    status: str
    invoice: str | None = Field(description="the invoice it pays, if matched")
    recurring_id: int | None
    created_at: str


class TransactionPage(OutModel):
    items: list[TransactionOut]
    total: int
    page: int
    per_page: int


class CategorizeResult(TransactionOut):
    recategorized: int = Field(description="how many transactions changed category")


class CategoryCreate(ApiModel):
    name: str = Field(min_length=1, max_length=60)
    kind: CategoryKind = "expense"


class CategoryOut(OutModel):
    id: int
    name: str
    kind: str


class CategoryList(OutModel):
    items: list[CategoryOut]


class MerchantQuery(ApiModel):
    q: str | None = None


class MerchantOut(OutModel):
    id: int
    name: str
    category: str | None


class MerchantList(OutModel):
    items: list[MerchantOut]


# --- contacts and invoices -------------------------------------------------------------------


class ContactQuery(ApiModel):
    kind: ContactKind | None = None


class ContactCreate(ApiModel):
    name: Name
    kind: ContactKind
    email: str = Field("", max_length=200, pattern=r"^([^@\s]+@[^@\s]+\.[^@\s]+)?$")


class ContactUpdate(ApiModel):
    email: str = Field(
        max_length=200,
        pattern=r"^([^@\s]+@[^@\s]+\.[^@\s]+)?$",
        description="where invoices to this contact are mailed ('' for none)",
    )


class ContactOut(OutModel):
    id: int
    name: str
    kind: str
    email: str


class ContactList(OutModel):
    items: list[ContactOut]


class InvoiceQuery(PageQuery):
    direction: Direction | None = None
    status: ShownStatus | Literal["unpaid"] | None = Field(
        None, description="a status, or 'unpaid' (open, partly paid or overdue)"
    )
    contact: str | None = Field(None, description="a customer's or vendor's name")


class LineIn(ApiModel):
    description: str = Field(min_length=1, max_length=200)
    quantity: int = Field(1, ge=1, le=100_000)
    unit_price: Amount


class InvoiceCreate(ApiModel):
    direction: Direction = Field(description="issued: to a customer; received: from a vendor")
    contact: Name = Field(description="the customer's or vendor's name (GET /api/contacts)")
    number: str = Field("", max_length=40, description="the vendor's own invoice number")
    issued_on: date | None = Field(None, description="default: today")
    due_on: date | None = Field(None, description="default: 30 days after issued_on")
    currency: CurrencyCode = "USD"
    lines: Lines[LineIn] = Field(min_length=1, max_length=100)
    memo: str = Field("", max_length=500)
    status: Literal["draft", "open"] = Field("draft", description="open: issue it at once")


class InvoiceUpdate(ApiModel):
    contact: Name | None = Field(None, description="another customer or vendor, by name")
    number: str | None = Field(None, max_length=40)
    issued_on: date | None = None
    due_on: date | None = Field(None, description="not before issued_on")
    currency: CurrencyCode | None = None
    lines: Lines[LineIn] | None = Field(
        None, min_length=1, max_length=100, description="every line: they replace the old ones"
    )
    memo: str | None = Field(None, max_length=500)


class PaymentCreate(ApiModel):
    transaction_id: int = Field(description="the bank transaction that paid it")
    amount: Amount | None = Field(
        None, description="default: the transaction's amount, at most what is still due"
    )


class LineOut(OutModel):
    id: int
    description: str
    quantity: int
    unit_price: float
    amount: float


class PaymentOut(OutModel):
    id: int
    transaction_id: int
    amount: float
    paid_on: str


class InvoiceOut(OutModel):
    id: int
    code: str
    direction: str
    contact: str
    contact_email: str
    number: str
    currency: str
    issued_on: str
    due_on: str
    status: str = Field(description="draft, open, partly_paid, paid, overdue or void")
    overdue: bool
    days_overdue: int
    total: float
    paid: float
    balance_due: float
    memo: str
    lines: list[LineOut]
    payments: list[PaymentOut]
    created_at: str


class InvoicePage(OutModel):
    items: list[InvoiceOut]
    total: int
    page: int
    per_page: int


# --- reconciliation --------------------------------------------------------------------------


class ReconciliationQuery(ApiModel):
    account_id: int | None = None


class Suggestion(OutModel):
    transaction_id: int
    invoice: str
    amount: float
    reasons: list[str] = Field(description="'amount' (it equals the balance due), 'party'")


class ReconciliationOut(OutModel):
    unmatched_transactions: list[TransactionOut]
    unpaid_invoices: list[InvoiceOut]
    suggestions: list[Suggestion]


# --- budgets ---------------------------------------------------------------------------------


class BudgetQuery(ApiModel):
    month: Month | None = Field(None, description="default: this month")


class BudgetCreate(ApiModel):
    category: str = Field(min_length=1, description="an expense category's name")
    month: Month | None = Field(None, description="default: this month")
    limit: Amount
    alert_percent: int = Field(80, ge=1, le=200, description="mail me when spent passes this")


class BudgetUpdate(ApiModel):
    limit: Amount | None = None
    alert_percent: int | None = Field(None, ge=1, le=200)


class BudgetOut(OutModel):
    id: int
    category: str
    month: str
    limit: float
    spent: float = Field(description="money out in the category that month, pending included")
    remaining: float
    percent_used: int
    alert_percent: int
    alert: bool = Field(description="spent has reached alert_percent of the limit")
    over: bool
    alerted_at: str | None


class BudgetList(OutModel):
    month: str
    items: list[BudgetOut]


# --- recurring payments ----------------------------------------------------------------------


class RecurringCreate(ApiModel):
    account_id: int
    payee: Name
    category: str | None = None
    amount: Amount = Field(description="paid each time")
    frequency: Frequency = "monthly"
    next_date: date = Field(description="the next payment, today or later")
    end_date: date | None = None
    memo: str = Field("", max_length=500)


class RecurringUpdate(ApiModel):
    payee: Name | None = None
    category: str | None = None
    amount: Amount | None = None
    frequency: Frequency | None = None
    next_date: date | None = None
    end_date: date | None = None
    memo: str | None = Field(None, max_length=500)


class RecurringOut(OutModel):
    id: int
    account_id: int
    account: str
    payee: str
    category: str | None
    amount: float
    currency: str
    frequency: str
    next_date: str | None
    end_date: str | None
    status: str
    memo: str


class RecurringList(OutModel):
    items: list[RecurringOut]


class StatementOut(OutModel):
    account_id: int
    account: str
    currency: str
    start: str
    end: str
    opening_balance: float
    closing_balance: float
    money_in: float
    money_out: float
    transactions: list[TransactionOut]


class StatementImported(AccountOut):
    imported: int = Field(description="how many transactions the statement added")
    transaction_ids: list[int]
