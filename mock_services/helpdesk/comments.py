"""Comments on a ticket (``/api/tickets/<code>/comments``, ``.../solve``): public replies, mailed
to the requester, and internal notes, seen by agents only."""

from __future__ import annotations

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.spec.api import Ctx
from mock_services.helpdesk.access import LIGHT, require_agent
from mock_services.helpdesk.mailer import mail_reply
from mock_services.helpdesk.models import Comment, Ticket
from mock_services.helpdesk.schemas import CommentCreate, RequesterComment, SolveRequest
from mock_services.helpdesk.tickets import set_status, ticket_by_code
from mock_services.helpdesk.workflow import check_changeable


def add_comment(ctx: Ctx, code: str, body: CommentCreate) -> Ticket:
    """A reply or a note on ticket ``code``, optionally moving its status too."""
    ticket = ticket_by_code(ctx, code)
    if body.public or body.status is not None:
        require_agent(ctx, "post public replies or change a status")
    post(ctx, ticket, body.body, public=body.public, status=body.status)
    return ticket


def solve_ticket(ctx: Ctx, code: str, body: SolveRequest) -> Ticket:
    """Solve ticket ``code`` with a public reply that is its resolution."""
    ticket = ticket_by_code(ctx, code)
    require_agent(ctx, "solve tickets")
    post(ctx, ticket, body.resolution, public=True, status="solved")
    ticket.resolution = body.resolution
    return ticket


def add_requester_comment(ctx: Ctx, code: str, body: RequesterComment) -> Ticket:
    """The requester's answer on ticket ``code`` (as their mail to the desk would be): a public
    comment with no agent author; it reopens a pending or solved ticket, as Zendesk does."""
    ticket = ticket_by_code(ctx, code)
    check_changeable(ticket)
    now = to_naive_utc(ctx.now)
    ctx.session.add(
        Comment(ticket_id=ticket.id, author_id=None, public=True, body=body.body, created_at=now)
    )
    if ticket.status in ("pending", "solved"):
        set_status(ctx, ticket, "open")
    ticket.updated_at = now
    ctx.session.flush()
    return ticket


def post(
    ctx: Ctx, ticket: Ticket, text: str, *, public: bool, status: str | None = None
) -> Comment:
    """Add the caller's comment: a first public reply stamps ``first_reply_at``, an agent's
    comment opens a new ticket unless ``status`` says otherwise; a public one is mailed."""
    check_changeable(ticket)
    now = to_naive_utc(ctx.now)
    comment = Comment(
        ticket_id=ticket.id, author_id=ctx.user_id, public=public, body=text, created_at=now
    )
    ctx.session.add(comment)
    if public and ticket.first_reply_at is None:
        ticket.first_reply_at = now
    opens = ticket.status == "new" and ctx.user.role != LIGHT  # a light agent's note does not
    target = status or ("open" if opens else None)
    if target is not None:
        set_status(ctx, ticket, target)
    ticket.updated_at = now
    ctx.session.flush()
    if public:
        mail_reply(ctx, ticket, comment)
    return comment
