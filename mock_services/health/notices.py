"""What the health service tells other services: an appointment's invitation to the task's
calendar (``notifications.services.calendar``) and its confirmation mail."""

from __future__ import annotations

from typing import Literal

from mock_services.core.base.clock import aware_utc, local_moment
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import (
    CalendarInvitation,
    MailDelivery,
    ServiceDelivery,
    deliver_mail,
    deliver_to_service,
)

from .models import Appointment, Provider

DEFAULT_SENDER = "appointments@health.example.test"
Change = Literal["booked", "rescheduled", "cancelled"]


def invitation_uid(appointment: Appointment) -> str:
    return f"{appointment.code.lower()}@health"


def appointment_changed(
    ctx: Ctx, appointment: Appointment, provider: Provider, change: Change
) -> None:
    """Once committed: invite (or update or cancel) the user in the calendar, and mail them."""
    user = ctx.user
    title = f"{provider.specialty}: {provider.name}"
    invitation = CalendarInvitation(
        uid=invitation_uid(appointment),
        method="cancel" if change == "cancelled" else "request",
        organizer=provider.email,
        organizer_name=f"{provider.name} ({provider.clinic})",
        attendees=[user.email],
        title=title,
        description=f"Reason: {appointment.reason}\nAppointment {appointment.code}",
        location=f"{provider.clinic}, {provider.address}",
        start=aware_utc(appointment.start_at),
        end=aware_utc(appointment.end_at),
        timezone=ctx.runtime.clock.tz.key,
    )
    local = local_moment(appointment.start_at, ctx.runtime.clock.tz)
    when = f"{local:%A %Y-%m-%d %H:%M} ({ctx.runtime.clock.tz.key})"
    target = ctx.runtime.notifications
    mail = MailDelivery(
        sender=(target.sender if target and target.sender else DEFAULT_SENDER),
        sender_name=provider.clinic,
        to=[user.email],
        subject=f"Appointment {change}: {title}, {when}"[:500],
        body=(
            f"Your appointment {appointment.code} with {provider.name} is {change}.\n"
            f"When: {when}\nWhere: {provider.clinic}, {provider.address}\n"
            f"Reason: {appointment.reason}\n"
        ),
        labels=["health"],
    )
    delivery = ServiceDelivery(
        service="calendar",
        path="/admin/invitations",
        payload=invitation,
        recipients=[user.email],
        subject=mail.subject,
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_to_service(runtime, delivery))
    ctx.after_commit(lambda: deliver_mail(runtime, mail))
