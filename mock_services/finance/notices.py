"""What Finance tells other services once a request commits, through the core's delivery (all
no-ops unless the seed wires them): a budget alert mailed to its owner, an invoice mailed to
the customer it is issued to, and a recurring payment's next date on its owner's calendar
(the calendar's ``POST /admin/invitations``, ``notifications.services.calendar``)."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Literal

from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import (
    CalendarInvitation,
    MailDelivery,
    ServiceDelivery,
    deliver_mail,
    deliver_to_service,
)
from mock_services.core.web.wording import day_words
from mock_services.finance.models import Budget, Contact, Invoice, RecurringPayment, User
from mock_services.finance.money import fmt

DEFAULT_SENDER = "finance@example.test"
REMINDER_MINUTES = 15
"""How long a payment's calendar entry is: a reminder at 09:00 local time."""


def _owner(ctx: Ctx, owner_id: int) -> User:
    owner = ctx.session.get(User, owner_id)
    assert owner is not None  # a foreign key holds it
    return owner


def _mail(ctx: Ctx, to: list[str], subject: str, body: str) -> None:
    target = ctx.runtime.notifications
    if target is None:
        return
    mail = MailDelivery(
        sender=target.sender or DEFAULT_SENDER,
        sender_name="Finance",
        to=to,
        subject=subject[:500],
        body=body,
        labels=["finance"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))


def budget_alert(ctx: Ctx, budget: Budget, category: str, spent: int, currency: str) -> None:
    """Mail the owner that ``budget`` passed its alert threshold."""
    owner = _owner(ctx, budget.owner_id)
    month = budget.month.strftime("%B %Y")
    percent = spent * 100 // budget.limit_cents
    _mail(
        ctx,
        [owner.email],
        f"Budget alert: {category} at {percent}% for {month}",
        f"Hi {owner.display_name},\n\nYou have spent {fmt(spent, currency)} on {category} in "
        f"{month}, {percent}% of its budget of {fmt(budget.limit_cents, currency)} (you asked "
        f"to be told at {budget.alert_percent}%). Remaining: "
        f"{fmt(budget.limit_cents - spent, currency)}.\n\n-- \nFinance",
    )


def invoice_sent(ctx: Ctx, invoice: Invoice, contact: Contact) -> None:
    """Mail an issued invoice to its customer and, as a copy, to its owner."""
    owner = _owner(ctx, invoice.owner_id)
    lines = f"Amount due: {fmt(invoice.total_cents - invoice.paid_cents, invoice.currency)}"
    _mail(
        ctx,
        [contact.email, owner.email],
        f"Invoice {invoice.code} from {owner.display_name}",
        f"Dear {contact.name},\n\nPlease find invoice {invoice.code} issued on "
        f"{day_words(invoice.issued_on)}.\n{lines}, due by {day_words(invoice.due_on)}.\n"
        f"{invoice.memo}\n\n-- \n{owner.display_name}".replace("\n\n\n", "\n\n"),
    )


def recurring_uid(recurring: RecurringPayment) -> str:
    return f"recurring-{recurring.id}@finance"


def payment_scheduled(
    ctx: Ctx,
    recurring: RecurringPayment,
    currency: str,
    method: Literal["request", "cancel"],
) -> None:
    """Once committed: put the recurring payment's next date on its owner's calendar (updated
    in place when it moves), or cancel it there."""
    owner = _owner(ctx, recurring.owner_id)
    tz = ctx.runtime.clock.tz
    day = recurring.next_date or recurring.end_date
    if day is None:  # cancelled before it was ever scheduled: the entry is found by uid
        day = ctx.today
    start = datetime.combine(day, time(9, 0), tzinfo=tz)
    title = f"Payment: {recurring.payee} {fmt(recurring.amount_cents, currency)}"
    invitation = CalendarInvitation(
        uid=recurring_uid(recurring),
        method=method,
        organizer=owner.email,
        organizer_name=owner.display_name,
        attendees=[owner.email],
        title=title,
        description=(
            f"Recurring payment {recurring.id} ({recurring.frequency}) to {recurring.payee}. "
            f"{recurring.memo}"
        ).strip(),
        location="",
        start=start,
        end=start + timedelta(minutes=REMINDER_MINUTES),
        timezone=tz.key,
    )
    delivery = ServiceDelivery(
        service="calendar",
        path="/admin/invitations",
        payload=invitation,
        recipients=invitation.attendees,
        subject=title,
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_to_service(runtime, delivery))
