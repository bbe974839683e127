"""Tickets, comments and the rest as the API answers them (the UI shows the same answers)."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.clock import iso, to_naive_utc
from mock_services.core.spec.api import Ctx
from mock_services.helpdesk.models import (
    Comment,
    Group,
    Macro,
    Organization,
    Requester,
    SlaTarget,
    Ticket,
    User,
)
from mock_services.helpdesk.schemas import (
    CommentOut,
    MacroOut,
    RequesterOut,
    SlaOut,
    TicketDetail,
    TicketOut,
)
from mock_services.helpdesk.sla import sla_state, targets
from mock_services.helpdesk.workflow import code_of


def tickets_out(ctx: Ctx, tickets: list[Ticket]) -> list[TicketOut]:
    by_priority = targets(ctx.session)
    return [ticket_out(ctx, t, by_priority.get(t.priority)) for t in tickets]


def ticket_out(ctx: Ctx, ticket: Ticket, target: SlaTarget | None) -> TicketOut:
    session = ctx.session
    requester = session.get(Requester, ticket.requester_id)
    assert requester is not None  # a foreign key
    org = (
        session.get(Organization, requester.organization_id) if requester.organization_id else None
    )
    assignee = session.get(User, ticket.assignee_id) if ticket.assignee_id else None
    group = session.get(Group, ticket.group_id) if ticket.group_id else None
    sla = sla_state(ticket, target, to_naive_utc(ctx.now))
    return TicketOut(
        id=ticket.id,
        code=ticket.code,
        subject=ticket.subject,
        description=ticket.description,
        status=ticket.status,
        priority=ticket.priority,
        type=ticket.type,
        category=ticket.category,
        tags=ticket.tags,
        requester=requester.email,
        requester_name=requester.name,
        organization=org.name if org else None,
        assignee=assignee.username if assignee else None,
        group=group.name if group else None,
        created_at=iso(ticket.created_at) or "",
        updated_at=iso(ticket.updated_at) or "",
        first_reply_at=iso(ticket.first_reply_at),
        solved_at=iso(ticket.solved_at),
        resolution=ticket.resolution,
        merged_into=code_of(ticket.merged_into_id) if ticket.merged_into_id else None,
        satisfaction=ticket.satisfaction,
        satisfaction_comment=ticket.satisfaction_comment,
        sla=SlaOut(
            first_reply_due=iso(sla.first_reply_due),
            first_reply_breached=sla.first_reply_breached,
            resolution_due=iso(sla.resolution_due),
            resolution_breached=sla.resolution_breached,
        ),
    )


def ticket_detail(ctx: Ctx, ticket: Ticket) -> TicketDetail:
    """A ticket with its comments, oldest first."""
    out = ticket_out(ctx, ticket, targets(ctx.session).get(ticket.priority))
    requester = ctx.session.get(Requester, ticket.requester_id)
    comments = ctx.session.scalars(
        select(Comment)
        .where(Comment.ticket_id == ticket.id)
        .order_by(Comment.created_at, Comment.id)
    )
    return TicketDetail(
        **out.model_dump(),
        comments=[comment_out(ctx, c, requester.name if requester else "") for c in comments],
    )


def comment_out(ctx: Ctx, comment: Comment, requester_name: str) -> CommentOut:
    author = ctx.session.get(User, comment.author_id) if comment.author_id else None
    return CommentOut(
        id=comment.id,
        author=author.username if author else None,
        author_name=author.display_name if author else requester_name,
        public=comment.public,
        body=comment.body,
        created_at=iso(comment.created_at) or "",
    )


def macro_out(ctx: Ctx, macro: Macro) -> MacroOut:
    group = ctx.session.get(Group, macro.set_group_id) if macro.set_group_id else None
    return MacroOut(
        id=macro.id,
        name=macro.name,
        description=macro.description,
        set_status=macro.set_status,
        set_priority=macro.set_priority,
        set_type=macro.set_type,
        set_group=group.name if group else None,
        assign_to_caller=macro.assign_to_caller,
        add_tags=macro.add_tags,
        reply=macro.reply,
        reply_public=macro.reply_public,
    )


def requester_out(ctx: Ctx, requester: Requester) -> RequesterOut:
    org = (
        ctx.session.get(Organization, requester.organization_id)
        if requester.organization_id
        else None
    )
    return RequesterOut(
        id=requester.id,
        name=requester.name,
        email=requester.email,
        organization=org.name if org else None,
        department=requester.department,
    )
