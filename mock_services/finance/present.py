"""Rows as the API answers them (the UI shows the same answers): accounts with their
balances, transactions with their names, invoices with their status on today's clock."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import date

from sqlalchemy import case, func, select

from mock_services.core.base.clock import iso, iso_stored
from mock_services.core.spec.api import Ctx
from mock_services.finance.models import (
    Account,
    Category,
    Contact,
    Invoice,
    InvoiceLine,
    Payment,
    RecurringPayment,
    Transaction,
    User,
)
from mock_services.finance.money import amount
from mock_services.finance.schemas import (
    AccountOut,
    InvoiceOut,
    LineOut,
    PaymentOut,
    RecurringOut,
    TransactionOut,
)

UNPAID = ("open", "partly_paid")


def _category_names(ctx: Ctx, ids: Iterable[int | None]) -> dict[int, str]:
    """The names of the categories ``ids`` (only those), by id."""
    wanted = {i for i in ids if i}
    rows = ctx.session.execute(select(Category.id, Category.name).where(Category.id.in_(wanted)))
    return dict(rows.all())


def accounts_out(ctx: Ctx, accounts: Sequence[Account]) -> list[AccountOut]:
    """``accounts`` with their balances, read in one query."""
    ids = [a.id for a in accounts]
    posted = func.sum(case((Transaction.status == "posted", Transaction.amount_cents), else_=0))
    pending = func.sum(case((Transaction.status == "pending", Transaction.amount_cents), else_=0))
    sums = {
        account_id: (p or 0, q or 0, n)
        for account_id, p, q, n in ctx.session.execute(
            select(Transaction.account_id, posted, pending, func.count())
            .where(Transaction.account_id.in_(ids))
            .group_by(Transaction.account_id)
        )
    }
    owners = dict(
        ctx.session.execute(
            select(User.id, User.username).where(User.id.in_({a.owner_id for a in accounts}))
        ).all()
    )
    found = []
    for a in accounts:
        posted_cents, pending_cents, count = sums.get(a.id, (0, 0, 0))
        balance = a.opening_balance_cents + posted_cents
        found.append(
            AccountOut(
                id=a.id,
                owner=owners[a.owner_id],
                name=a.name,
                kind=a.kind,
                currency=a.currency,
                number=a.number,
                opened_on=a.opened_on.isoformat(),
                opening_balance=amount(a.opening_balance_cents),
                balance=amount(balance),
                pending=amount(pending_cents),
                available=amount(balance + pending_cents),
                transactions=count,
            )
        )
    return found


def account_out(ctx: Ctx, account: Account) -> AccountOut:
    return accounts_out(ctx, [account])[0]


_TRANSACTION_ROWS = (
    "SELECT t.id, t.account_id, a.name AS account, t.date, t.amount_cents, t.currency, "
    "m.name AS merchant, c.name AS category, t.memo, t.status, i.code AS invoice, "
    "t.recurring_id, t.created_at "
    # each id looked up by key (an IN list of json_each builds its table on every run)
    "FROM json_each(?) j CROSS JOIN transactions t ON t.id = j.value "
    "JOIN accounts a ON a.id = t.account_id "
    "LEFT JOIN merchants m ON m.id = t.merchant_id "
    "LEFT JOIN categories c ON c.id = t.category_id "
    "LEFT JOIN payments p ON p.transaction_id = t.id "  # one at most
    "LEFT JOIN invoices i ON i.id = p.invoice_id"
)
"""Transactions by id with the account, merchant, category and invoice they name, as plain
rows; the ids are a JSON array, so a page and a transaction by id run the same statement."""


def transactions_out(ctx: Ctx, ids: Sequence[int]) -> list[TransactionOut]:
    """The transactions ``ids``, in that order, with their account, merchant, category and
    invoice named: one plain query for the whole list."""
    rows = {row["id"]: row for row in ctx.db.all(_TRANSACTION_ROWS, (json.dumps(list(ids)),))}
    answers = []
    for transaction_id in ids:
        row = rows[transaction_id]
        answers.append(
            TransactionOut(
                id=row["id"],
                account_id=row["account_id"],
                account=row["account"],
                date=row["date"],
                amount=amount(row["amount_cents"]),
                currency=row["currency"],
                merchant=row["merchant"],
                category=row["category"],
                memo=row["memo"],
                status=row["status"],
                invoice=row["invoice"],
                recurring_id=row["recurring_id"],
                created_at=iso_stored(row["created_at"]) or "",
            )
        )
    return answers


def transaction_out(ctx: Ctx, transaction_id: int) -> TransactionOut:
    return transactions_out(ctx, [transaction_id])[0]


def shown_status(invoice: Invoice, day: date) -> str:
    """The invoice's status as answered: ``overdue`` for an unpaid one past its due date."""
    if invoice.status in UNPAID and invoice.due_on < day:
        return "overdue"
    return invoice.status


def invoices_out(ctx: Ctx, found: Sequence[Invoice]) -> list[InvoiceOut]:
    day, ids = ctx.today, [i.id for i in found]
    contacts = {
        c.id: c
        for c in ctx.session.scalars(
            select(Contact).where(Contact.id.in_({i.contact_id for i in found}))
        )
    }
    lines: dict[int, list[LineOut]] = {i: [] for i in ids}
    for line in ctx.session.scalars(
        select(InvoiceLine).where(InvoiceLine.invoice_id.in_(ids)).order_by(InvoiceLine.id)
    ):
        lines[line.invoice_id].append(
            LineOut(
                id=line.id,
                description=line.description,
                quantity=line.quantity,
                unit_price=amount(line.unit_price_cents),
                amount=amount(line.amount_cents),
            )
        )
    payments: dict[int, list[PaymentOut]] = {i: [] for i in ids}
    for p in ctx.session.scalars(
        select(Payment).where(Payment.invoice_id.in_(ids)).order_by(Payment.id)
    ):
        payments[p.invoice_id].append(
            PaymentOut(
                id=p.id,
                transaction_id=p.transaction_id,
                amount=amount(p.amount_cents),
                paid_on=p.paid_on.isoformat(),
            )
        )
    answers = []
    for i in found:
        status = shown_status(i, day)
        answers.append(
            InvoiceOut(
                id=i.id,
                code=i.code,
                direction=i.direction,
                contact=contacts[i.contact_id].name,
                contact_email=contacts[i.contact_id].email,
                number=i.number,
                currency=i.currency,
                issued_on=i.issued_on.isoformat(),
                due_on=i.due_on.isoformat(),
                status=status,
                overdue=status == "overdue",
                days_overdue=(day - i.due_on).days if status == "overdue" else 0,
                total=amount(i.total_cents),
                paid=amount(i.paid_cents),
                balance_due=amount(i.total_cents - i.paid_cents) if i.status != "void" else 0,
                memo=i.memo,
                lines=lines[i.id],
                payments=payments[i.id],
                created_at=iso(i.created_at) or "",
            )
        )
    return answers


def invoice_out(ctx: Ctx, found: Invoice) -> InvoiceOut:
    return invoices_out(ctx, [found])[0]


def recurring_out(ctx: Ctx, found: Sequence[RecurringPayment]) -> list[RecurringOut]:
    categories = _category_names(ctx, (r.category_id for r in found))
    accounts = {
        a.id: a
        for a in ctx.session.scalars(
            select(Account).where(Account.id.in_({r.account_id for r in found}))
        )
    }
    return [
        RecurringOut(
            id=r.id,
            account_id=r.account_id,
            account=accounts[r.account_id].name,
            payee=r.payee,
            category=categories.get(r.category_id) if r.category_id else None,
            amount=amount(r.amount_cents),
            currency=accounts[r.account_id].currency,
            frequency=r.frequency,
            next_date=r.next_date.isoformat() if r.next_date else None,
            end_date=r.end_date.isoformat() if r.end_date else None,
            status=r.status,
            memo=r.memo,
        )
        for r in found
    ]
