"""The airline's mail to travellers: who it comes from, its greeting and signature, where it
points, and its sending once the change is committed; for booking confirmations and
cancellations and for flight notices."""

from __future__ import annotations

from mock_services.airline.models import User
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail

AIRLINE_NAME = "LightCloud Airways"
DEFAULT_SENDER = "alerts@lightcloud-air.example"


def site(ctx: Ctx) -> str:
    """The web site's address, for links in mail."""
    return f"http://localhost:{ctx.runtime.spec.port}"


def manage(ctx: Ctx, reference: str) -> str:
    """The lines that name a booking and link its page, at the end of a mail about it."""
    link = f"{site(ctx)}/bookings/{reference}"
    return f"Booking reference: {reference}\nManage your booking at {link}"


def sender(ctx: Ctx) -> str:
    """The address mail is sent from: the seed's ``notifications.sender``, else the default."""
    target = ctx.runtime.notifications
    return (target.sender if target is not None and target.sender else None) or DEFAULT_SENDER


def letter(ctx: Ctx, user: User, subject: str, text: str) -> MailDelivery:
    """A mail to ``user``: ``text`` between the greeting and the airline's signature."""
    return MailDelivery(
        sender=sender(ctx),
        sender_name=AIRLINE_NAME,
        to=[user.email],
        subject=subject,
        body=f"Dear {user.display_name},\n\n{text}\n\n{AIRLINE_NAME}",
    )


def send_after_commit(ctx: Ctx, mails: list[MailDelivery]) -> None:
    """Deliver ``mails`` once the request's changes are committed (when the seed wires mail)."""
    if not mails:
        return
    runtime = ctx.runtime

    def send() -> None:
        for mail in mails:
            deliver_mail(runtime, mail)

    ctx.after_commit(send)
