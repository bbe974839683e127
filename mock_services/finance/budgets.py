"""The budgets area (``/api/budgets``): a limit per expense category per month, what was spent
against it (money out in that category that month, pending included, refunds netted), and the
alert mailed once when spending passes the budget's alert percentage."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from sqlalchemy import func, select

from mock_services.core.base.clock import iso, to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.finance import notices
from mock_services.finance.access import mine, readable, require_writer, writable
from mock_services.finance.books import category_named
from mock_services.finance.days import month_name, month_of, next_month
from mock_services.finance.models import Account, Budget, Category, Transaction
from mock_services.finance.money import amount
from mock_services.finance.schemas import BudgetCreate, BudgetOut, BudgetUpdate

CURRENCY = "USD"
"""Budgets count every account's money in the currency they are set in (one, for now)."""


def spent(ctx: Ctx, found: Sequence[Budget]) -> dict[int, int]:
    """Cents spent against each budget of ``found``, by budget id: by its owner in its
    category during its month (never below 0); one query per month they are in."""
    used: dict[int, int] = {}
    for month in sorted({b.month for b in found}):
        those = [b for b in found if b.month == month]
        totals = {
            (owner_id, category_id): total
            for owner_id, category_id, total in ctx.session.execute(
                select(
                    Account.owner_id, Transaction.category_id, func.sum(Transaction.amount_cents)
                )
                .join(Account, Account.id == Transaction.account_id)
                .where(
                    Account.owner_id.in_({b.owner_id for b in those}),
                    Account.currency == CURRENCY,
                    Transaction.category_id.in_({b.category_id for b in those}),
                    Transaction.date >= month,
                    Transaction.date < next_month(month),
                )
                .group_by(Account.owner_id, Transaction.category_id)
            )
        }
        for b in those:
            used[b.id] = max(0, -(totals.get((b.owner_id, b.category_id)) or 0))
    return used


def budgets_out(ctx: Ctx, found: Sequence[Budget]) -> list[BudgetOut]:
    """``found`` with their category named and what was spent against each (one query for
    the names, one per month for the spending)."""
    categories = dict(
        ctx.session.execute(
            select(Category.id, Category.name).where(
                Category.id.in_({b.category_id for b in found})
            )
        ).all()
    )
    spending = spent(ctx, found)
    answers = []
    for budget in found:
        used = spending[budget.id]
        answers.append(
            BudgetOut(
                id=budget.id,
                category=categories[budget.category_id],
                month=month_name(budget.month),
                limit=amount(budget.limit_cents),
                spent=amount(used),
                remaining=amount(budget.limit_cents - used),
                percent_used=used * 100 // budget.limit_cents,
                alert_percent=budget.alert_percent,
                alert=used * 100 >= budget.limit_cents * budget.alert_percent,
                over=used > budget.limit_cents,
                alerted_at=iso(budget.alerted_at),
            )
        )
    return answers


def budget_out(ctx: Ctx, budget: Budget) -> BudgetOut:
    return budgets_out(ctx, [budget])[0]


def month_budgets(ctx: Ctx, month: str | None) -> tuple[date, list[Budget]]:
    """The budgets the caller may read for ``month`` (this month by default), by category."""
    first = month_of(month, ctx)
    found = ctx.session.scalars(
        select(Budget)
        .join(Category, Category.id == Budget.category_id)
        .where(mine(ctx, Budget.owner_id), Budget.month == first)
        .order_by(Budget.owner_id, Category.name)
    )
    return first, list(found)


def budget_of(ctx: Ctx, budget_id: int) -> Budget:
    found = ctx.session.get(Budget, budget_id)
    if found is None:
        raise NotFound(f"no budget {budget_id}; list them with GET /api/budgets")
    return readable(ctx, found, "budget", budget_id)


def create_budget(ctx: Ctx, body: BudgetCreate) -> Budget:
    require_writer(ctx, "set budgets")
    category = category_named(ctx, body.category)
    if category.kind != "expense":
        raise invalid_field(
            "category", f"{category.name!r} is {category.kind}; budgets are for expense categories"
        )
    first = month_of(body.month, ctx)
    taken = ctx.session.scalar(
        select(Budget.id).where(
            Budget.owner_id == ctx.user_id,
            Budget.category_id == category.id,
            Budget.month == first,
        )
    )
    if taken is not None:
        raise Conflict(
            f"{category.name} already has budget {taken} for {month_name(first)}; "
            f"change it with PATCH /api/budgets/{taken}"
        )
    budget = Budget(
        owner_id=ctx.user_id,
        category_id=category.id,
        month=first,
        limit_cents=round(body.limit * 100),
        alert_percent=body.alert_percent,
    )
    ctx.session.add(budget)
    ctx.session.flush()
    _check(ctx, budget)
    return budget


def update_budget(ctx: Ctx, budget_id: int, body: BudgetUpdate) -> Budget:
    budget = writable(ctx, budget_of(ctx, budget_id), "budget", budget_id, "change budgets")
    if body.limit is not None:
        budget.limit_cents = round(body.limit * 100)
    if body.alert_percent is not None:
        budget.alert_percent = body.alert_percent
    budget.alerted_at = None  # a new limit or threshold: alert again once passed
    _check(ctx, budget)
    return budget


def check_spending(ctx: Ctx, owner_id: int, touched: Iterable[tuple[int | None, date]]) -> None:
    """After transactions changed: alert on each budget of ``owner_id`` that a (category,
    day) of ``touched`` falls in and that has just passed its threshold."""
    for category_id, day in {(c, day.replace(day=1)) for c, day in touched if c is not None}:
        budget = ctx.session.scalar(
            select(Budget).where(
                Budget.owner_id == owner_id,
                Budget.category_id == category_id,
                Budget.month == day,
            )
        )
        if budget is not None:
            _check(ctx, budget)


def _check(ctx: Ctx, budget: Budget) -> None:
    if budget.alerted_at is not None:
        return
    used = spent(ctx, [budget])[budget.id]
    if used * 100 < budget.limit_cents * budget.alert_percent:
        return
    budget.alerted_at = to_naive_utc(ctx.now)
    category = ctx.session.get(Category, budget.category_id)
    assert category is not None  # a foreign key
    notices.budget_alert(ctx, budget, category.name, used, CURRENCY)
