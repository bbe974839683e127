"""The recurring payments area (``/api/recurring``): what a user pays on a schedule from one of
their accounts (weekly, monthly, quarterly, yearly), its next date, and pausing, resuming and
cancelling it. Each one's next date is on its owner's calendar while it is active."""

from __future__ import annotations

from datetime import date
from typing import Literal

from sqlalchemy import select

from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.finance import notices
from mock_services.finance.access import mine, require_writer, writable
from mock_services.finance.books import account_of, category_named, recurring_of
from mock_services.finance.days import next_payment
from mock_services.finance.models import Account, RecurringPayment
from mock_services.finance.money import to_cents
from mock_services.finance.schemas import RecurringCreate, RecurringUpdate


def my_recurring(ctx: Ctx, status: str | None = None) -> list[RecurringPayment]:
    stmt = (
        select(RecurringPayment)
        .where(mine(ctx, RecurringPayment.owner_id))
        .order_by(
            RecurringPayment.next_date.is_(None), RecurringPayment.next_date, RecurringPayment.id
        )
    )
    if status is not None:
        stmt = stmt.where(RecurringPayment.status == status)
    return list(ctx.session.scalars(stmt))


def _tell_calendar(
    ctx: Ctx, recurring: RecurringPayment, method: Literal["request", "cancel"]
) -> None:
    account = ctx.session.get(Account, recurring.account_id)
    assert account is not None  # a foreign key
    notices.payment_scheduled(ctx, recurring, account.currency, method)


def create_recurring(ctx: Ctx, body: RecurringCreate) -> RecurringPayment:
    require_writer(ctx, "schedule payments")
    account = account_of(ctx, body.account_id, "account_id")
    writable(ctx, account, "account", account.id, "schedule payments")
    category = category_named(ctx, body.category) if body.category else None
    _check_dates(ctx, body.next_date, body.end_date, moved=True)
    recurring = RecurringPayment(
        owner_id=ctx.user_id,
        account_id=account.id,
        payee=body.payee.strip(),
        category_id=category.id if category else None,
        amount_cents=to_cents(body.amount),
        frequency=body.frequency,
        next_date=body.next_date,
        end_date=body.end_date,
        status="active",
        memo=body.memo,
    )
    ctx.session.add(recurring)
    ctx.session.flush()
    _tell_calendar(ctx, recurring, "request")
    return recurring


def _check_dates(ctx: Ctx, next_date: date | None, end_date: date | None, moved: bool) -> None:
    """A next date (when ``moved``) is today or later; an end date is not before it."""
    day = ctx.today
    if moved and next_date is not None and next_date < day:
        raise invalid_field("next_date", f"{next_date} is before today ({day.isoformat()})")
    if next_date is not None and end_date is not None and end_date < next_date:
        raise invalid_field("end_date", f"{end_date} is before the next date, {next_date}")


def _own(ctx: Ctx, recurring_id: int, action: str) -> RecurringPayment:
    found = recurring_of(ctx, recurring_id)
    return writable(ctx, found, "recurring payment", recurring_id, action)


def update_recurring(ctx: Ctx, recurring_id: int, body: RecurringUpdate) -> RecurringPayment:
    """Change a recurring payment's payee, category, amount, schedule or memo."""
    recurring = _own(ctx, recurring_id, "change recurring payments")
    if recurring.status == "cancelled":
        raise Conflict(f"recurring payment {recurring.id} is cancelled; schedule a new one")
    changes = body.model_dump(exclude_unset=True)
    _check_dates(
        ctx,
        body.next_date or recurring.next_date,
        changes.get("end_date", recurring.end_date),
        moved=body.next_date is not None,
    )
    if body.payee is not None:
        recurring.payee = body.payee.strip()
    if "category" in changes:
        recurring.category_id = category_named(ctx, body.category).id if body.category else None
    if body.amount is not None:
        recurring.amount_cents = to_cents(body.amount)
    if body.frequency is not None:
        recurring.frequency = body.frequency
    if body.next_date is not None:
        recurring.next_date = body.next_date
    if "end_date" in changes:
        recurring.end_date = body.end_date
    if body.memo is not None:
        recurring.memo = body.memo
    if recurring.status == "active":
        _tell_calendar(ctx, recurring, "request")
    return recurring


def pause_recurring(ctx: Ctx, recurring_id: int) -> RecurringPayment:
    recurring = _own(ctx, recurring_id, "pause recurring payments")
    if recurring.status != "active":
        raise Conflict(
            f"recurring payment {recurring.id} is {recurring.status}; only an active one pauses"
        )
    recurring.status = "paused"
    _tell_calendar(ctx, recurring, "cancel")
    return recurring


def resume_recurring(ctx: Ctx, recurring_id: int) -> RecurringPayment:
    """Resume a paused payment: its next date moves on by its schedule to today or later."""
    recurring = _own(ctx, recurring_id, "resume recurring payments")
    if recurring.status != "paused":
        raise Conflict(
            f"recurring payment {recurring.id} is {recurring.status}; only a paused one resumes"
        )
    day, upcoming = ctx.today, recurring.next_date or ctx.today
    while upcoming < day:
        upcoming = next_payment(upcoming, recurring.frequency)
    recurring.status, recurring.next_date = "active", upcoming
    _tell_calendar(ctx, recurring, "request")
    return recurring


def cancel_recurring(ctx: Ctx, recurring_id: int) -> RecurringPayment:
    """Cancel a recurring payment for good: no next date."""
    recurring = _own(ctx, recurring_id, "cancel recurring payments")
    if recurring.status == "cancelled":
        raise Conflict(f"recurring payment {recurring.id} is already cancelled")
    was_active = recurring.status == "active"
    recurring.status = "cancelled"
    if was_active:
        _tell_calendar(ctx, recurring, "cancel")
    recurring.next_date = None
    return recurring
