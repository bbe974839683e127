"""Public replies mailed to the requester through the email service once the request commits;
nothing when the seed wires no notifications."""

from __future__ import annotations

from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail
from mock_services.helpdesk.models import Comment, Requester, Ticket
from mock_services.helpdesk.workflow import code_of

DEFAULT_SENDER = "support@example.test"


def mail_reply(ctx: Ctx, ticket: Ticket, comment: Comment) -> None:
    """Mail ``comment``, a public reply on ``ticket``, to the ticket's requester."""
    target = ctx.runtime.notifications
    if target is None:
        return
    requester = ctx.session.get(Requester, ticket.requester_id)
    assert requester is not None  # a foreign key
    code, agent = code_of(ticket.id), ctx.user.display_name
    mail = MailDelivery(
        sender=target.sender or DEFAULT_SENDER,
        sender_name="Helpdesk",
        to=[requester.email],
        subject=f"[{code}] Re: {ticket.subject}"[:500],
        body=(
            f"{comment.body}\n\n-- \n{agent}, Helpdesk\n"
            f"Ticket {code} ({ticket.status}). Reply to this mail to add to the ticket."
        ),
        labels=["helpdesk"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))
