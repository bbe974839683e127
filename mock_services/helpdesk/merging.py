"""Merging a duplicate ticket into another (``/api/tickets/<code>/merge``): its comments are
carried over, it is closed with a link to the ticket kept."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.helpdesk.access import require_agent
from mock_services.helpdesk.models import Comment, Ticket
from mock_services.helpdesk.schemas import MergeRequest
from mock_services.helpdesk.tickets import ticket_by_code
from mock_services.helpdesk.workflow import check_changeable, code_of


def merge_ticket(ctx: Ctx, code: str, body: MergeRequest) -> Ticket:
    """Merge ticket ``code`` into ``body.merged_into``; answers the ticket kept."""
    source = ticket_by_code(ctx, code)
    kept = ticket_by_code(ctx, body.merged_into, field="merged_into")
    require_agent(ctx, "merge tickets")
    if kept.id == source.id:
        raise invalid_field(
            "merged_into",
            f"{code_of(source.id)} is this ticket; give the code of the ticket to merge it into",
        )
    check_changeable(source)
    check_changeable(kept)
    now = to_naive_utc(ctx.now)
    carried = ctx.session.scalars(
        select(Comment).where(Comment.ticket_id == source.id).order_by(Comment.id)
    ).all()
    for comment in carried:
        ctx.session.add(
            Comment(
                ticket_id=kept.id,
                author_id=comment.author_id,
                public=comment.public,
                body=comment.body,
                created_at=comment.created_at,
            )
        )
    note = f"{code_of(source.id)} ({source.subject}) was merged into this ticket."
    if source.description:
        note += f"\n\n{source.description}"
    _note(ctx, kept, note)
    _note(ctx, source, f"Merged into {code_of(kept.id)} ({kept.subject}); closed as a duplicate.")
    source.status, source.merged_into_id, source.updated_at = "closed", kept.id, now
    kept.updated_at = now
    ctx.session.flush()
    return kept


def _note(ctx: Ctx, ticket: Ticket, text: str) -> None:
    ctx.session.add(
        Comment(
            ticket_id=ticket.id,
            author_id=ctx.user_id,
            public=False,
            body=text,
            created_at=to_naive_utc(ctx.now),
        )
    )
