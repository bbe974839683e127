"""The accounts area (``/api/accounts``): a user's checking, savings and credit card accounts,
whose balances are derived from their transactions, and their statements for a period, read,
exported as CSV, or imported from a CSV statement."""

from __future__ import annotations

from datetime import date

from sqlalchemy import func, select

from mock_services.core.base.errors import invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.finance.access import mine, require_writer
from mock_services.finance.days import month_start
from mock_services.finance.models import Account, Transaction
from mock_services.finance.money import to_cents
from mock_services.finance.schemas import AccountCreate, StatementQuery


def my_accounts(ctx: Ctx) -> list[Account]:
    """The accounts the caller may read, by owner and id."""
    return list(
        ctx.session.scalars(
            select(Account)
            .where(mine(ctx, Account.owner_id))
            .order_by(Account.owner_id, Account.id)
        )
    )


def open_account(ctx: Ctx, body: AccountCreate) -> Account:
    require_writer(ctx, "open accounts")
    opened = body.opened_on or ctx.today
    if opened > ctx.today:
        raise invalid_field("opened_on", f"{opened.isoformat()} is after today")
    account = Account(
        owner_id=ctx.user_id,
        name=body.name,
        kind=body.kind,
        currency=body.currency,
        number=body.number,
        opening_balance_cents=to_cents(body.opening_balance),
        opened_on=opened,
    )
    ctx.session.add(account)
    ctx.session.flush()
    return account


def period(ctx: Ctx, query: StatementQuery) -> tuple[date, date]:
    """The statement's first and last day: this month so far unless the query says."""
    end = query.end or ctx.today
    start = query.start or month_start(end)
    if start > end:
        raise invalid_field("start", f"{start.isoformat()} is after the end, {end.isoformat()}")
    return start, end


def posted_before(ctx: Ctx, account: Account, day: date) -> int:
    """The account's balance in cents at the start of ``day``: opening plus earlier posted."""
    total = ctx.session.scalar(
        select(func.sum(Transaction.amount_cents)).where(
            Transaction.account_id == account.id,
            Transaction.status == "posted",
            Transaction.date < day,
        )
    )
    return account.opening_balance_cents + (total or 0)


def statement_totals(
    ctx: Ctx, account: Account, start: date, rows: list[Transaction]
) -> tuple[int, int, int, int]:
    """A statement's opening and closing balances, money in and money out, in cents: posted
    transactions only (``rows``: the period's, from ``in_period``)."""
    posted = [t.amount_cents for t in rows if t.status == "posted"]
    opening = posted_before(ctx, account, start)
    money_in = sum(c for c in posted if c > 0)
    money_out = -sum(c for c in posted if c < 0)
    return opening, opening + sum(posted), money_in, money_out


def in_period(ctx: Ctx, account: Account, start: date, end: date) -> list[Transaction]:
    """The account's transactions from ``start`` to ``end``, oldest first."""
    return list(
        ctx.session.scalars(
            select(Transaction)
            .where(
                Transaction.account_id == account.id,
                Transaction.date >= start,
                Transaction.date <= end,
            )
            .order_by(Transaction.date, Transaction.id)
        )
    )
