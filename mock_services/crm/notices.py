"""What the CRM tells other services once a request commits: a meeting on its owner's calendar
(the calendar's ``POST /admin/invitations``, ``notifications.services.calendar``) and a logged
mail sent through the task's email service. Both are no-ops unless the seed wires them."""

from __future__ import annotations

from datetime import timedelta
from typing import Literal

from mock_services.core.base.clock import aware_utc
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import (
    CalendarInvitation,
    MailDelivery,
    ServiceDelivery,
    deliver_mail,
    deliver_to_service,
)
from mock_services.crm.fields import full_name
from mock_services.crm.models import Account, Activity, Contact, User

MEETING_MINUTES = 30
"""A meeting's length when none is given."""


def meeting_uid(activity: Activity) -> str:
    return f"activity-{activity.id}@crm"


def meeting_changed(
    ctx: Ctx,
    activity: Activity,
    contact: Contact | None,
    account: Account | None,
    method: Literal["request", "cancel"],
) -> None:
    """Once committed: put the meeting on its owner's calendar (the contact invited too), or
    cancel it there."""
    owner = ctx.session.get(User, activity.owner_id)
    assert owner is not None  # a foreign key holds it
    start = aware_utc(activity.occurred_at)
    with_whom = [full_name(contact.first_name, contact.last_name)] if contact else []
    if account is not None:
        with_whom.append(account.name)
    invitation = CalendarInvitation(
        uid=meeting_uid(activity),
        method=method,
        organizer=owner.email,
        organizer_name=owner.display_name,
        attendees=[owner.email, *([contact.email] if contact and contact.email else [])],
        title=activity.subject,
        description=f"{activity.body}\n\nCRM meeting {activity.id}: {', '.join(with_whom)}".strip(),
        location=account.location if account is not None else "",
        start=start,
        end=start + timedelta(minutes=activity.duration_minutes or MEETING_MINUTES),
        timezone=ctx.runtime.clock.tz.key,
    )
    delivery = ServiceDelivery(
        service="calendar",
        path="/admin/invitations",
        payload=invitation,
        recipients=invitation.attendees,
        subject=activity.subject,
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_to_service(runtime, delivery))


def mail_sent(ctx: Ctx, activity: Activity, contact: Contact) -> None:
    """Once committed: send the logged mail to the contact, a copy to its owner."""
    owner = ctx.session.get(User, activity.owner_id)
    assert owner is not None and contact.email is not None  # checked by the caller
    mail = MailDelivery(
        sender=owner.email,
        sender_name=owner.display_name,
        to=[contact.email, owner.email],
        subject=activity.subject,
        body=activity.body,
        labels=["crm"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))
