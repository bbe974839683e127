"""The web UI's dashboard and reports, computed from what the API answers: the outstanding
invoices owed to the user and the bills they owe (with the overdue ones), the invoices aged by
days overdue (Xero's Aged Receivables and Aged Payables) and a Profit and Loss over a period
from the posted transactions' categories. Pure functions over the API's answers and rows, so
their totals are the data's."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from sqlalchemy import func, select

from mock_services.core.spec.api import Ctx
from mock_services.finance.models import Category, Transaction
from mock_services.finance.money import amount
from mock_services.finance.schemas import InvoiceOut

BUCKETS = ("Current", "1 to 30 days", "31 to 60 days", "61 to 90 days", "Older")
"""The ageing columns: not yet due, then days past the due date."""


def bucket(days_overdue: int) -> int:
    """The ageing column of an invoice ``days_overdue`` past its due date (0: not yet due)."""
    if days_overdue <= 0:
        return 0
    return min(4, 1 + (days_overdue - 1) // 30)


@dataclass
class Outstanding:
    """The unpaid invoices of one direction in one currency: how many, what is still due, and
    of those, the overdue ones."""

    currency: str
    count: int = 0
    due: float = 0.0
    overdue_count: int = 0
    overdue: float = 0.0


def outstanding(invoices: Iterable[InvoiceOut], direction: str) -> list[Outstanding]:
    """Per currency, the unpaid ``direction`` invoices' count and balance due, and the overdue
    ones' (Xero's "Invoices owed to you" and "Bills to pay")."""
    found: dict[str, Outstanding] = {}
    for invoice in invoices:
        if invoice.direction != direction or invoice.balance_due <= 0:
            continue
        row = found.setdefault(invoice.currency, Outstanding(invoice.currency))
        row.count += 1
        row.due = round(row.due + invoice.balance_due, 2)
        if invoice.overdue:
            row.overdue_count += 1
            row.overdue = round(row.overdue + invoice.balance_due, 2)
    return [found[c] for c in sorted(found)]


@dataclass
class AgedRow:
    contact: str
    currency: str
    amounts: list[float] = field(default_factory=lambda: [0.0] * len(BUCKETS))

    @property
    def total(self) -> float:
        return round(sum(self.amounts), 2)


def aged(invoices: Iterable[InvoiceOut], direction: str) -> list[AgedRow]:
    """The balance due of the unpaid ``direction`` invoices per customer or vendor (and
    currency), by ageing column; by contact name."""
    rows: dict[tuple[str, str], AgedRow] = {}
    for invoice in invoices:
        if invoice.direction != direction or invoice.balance_due <= 0:
            continue
        row = rows.setdefault(
            (invoice.contact, invoice.currency), AgedRow(invoice.contact, invoice.currency)
        )
        column = bucket(invoice.days_overdue if invoice.overdue else 0)
        row.amounts[column] = round(row.amounts[column] + invoice.balance_due, 2)
    return [rows[key] for key in sorted(rows)]


def aged_totals(rows: Sequence[AgedRow]) -> list[AgedRow]:
    """The columns' totals, one row per currency."""
    totals: dict[str, AgedRow] = {}
    for row in rows:
        total = totals.setdefault(row.currency, AgedRow("Total", row.currency))
        total.amounts = [round(a + b, 2) for a, b in zip(total.amounts, row.amounts, strict=True)]
    return [totals[c] for c in sorted(totals)]


@dataclass
class ProfitAndLoss:
    """Income and expense categories' sums over a period, in one currency, and their net."""

    currency: str
    income: list[tuple[str, float]]
    expenses: list[tuple[str, float]]

    @property
    def total_income(self) -> float:
        return round(sum(v for _, v in self.income), 2)

    @property
    def total_expenses(self) -> float:
        return round(sum(v for _, v in self.expenses), 2)

    @property
    def net(self) -> float:
        return round(self.total_income - self.total_expenses, 2)


UNCATEGORISED = "Uncategorised"


def profit_and_loss(
    rows: Iterable[tuple[str | None, str | None, str, int]],
) -> list[ProfitAndLoss]:
    """Per currency, from (category, its kind, currency, summed cents) rows of posted
    transactions: income categories' money in, expense categories' money out (refunds lower
    it); transfers are left out; uncategorised money in counts as income, money out as an
    expense (the query sums the two apart)."""
    by_currency: dict[str, tuple[dict[str, int], dict[str, int]]] = {}
    for name, kind, currency, cents in rows:
        if kind == "transfer":
            continue
        income, expenses = by_currency.setdefault(currency, ({}, {}))
        shown = name or UNCATEGORISED
        if kind == "income" or (kind is None and cents > 0):
            income[shown] = income.get(shown, 0) + cents
        else:
            expenses[shown] = expenses.get(shown, 0) - cents
    return [
        ProfitAndLoss(
            currency,
            sorted((n, amount(c)) for n, c in by_currency[currency][0].items()),
            sorted((n, amount(c)) for n, c in by_currency[currency][1].items()),
        )
        for currency in sorted(by_currency)
    ]


def category_sums(
    ctx: Ctx, account_ids: Sequence[int], start: date, end: date
) -> list[tuple[str | None, str | None, str, int]]:
    """The posted transactions of ``account_ids`` from ``start`` to ``end``, summed by
    category, currency and direction (money in apart from money out), in one query."""
    money_in = Transaction.amount_cents > 0
    stmt = (
        select(
            Category.name, Category.kind, Transaction.currency, func.sum(Transaction.amount_cents)
        )
        .select_from(Transaction)
        .outerjoin(Category, Category.id == Transaction.category_id)
        .where(
            Transaction.account_id.in_(account_ids),
            Transaction.status == "posted",
            Transaction.date >= start,
            Transaction.date <= end,
        )
        .group_by(Category.name, Category.kind, Transaction.currency, money_in)
    )
    return [
        (name, kind, currency, int(cents))
        for name, kind, currency, cents in ctx.session.execute(stmt)
    ]
