"""Tickets, comments and the rest as the API answers them (the UI shows the same answers)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import bindparam, select

from mock_services.core.base.clock import iso, to_naive_utc
from mock_services.core.spec.api import Ctx
from mock_services.helpdesk.models import (
    Comment,
    Group,
    Macro,
    Organization,
    Requester,
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


def tickets_out(ctx: Ctx, tickets: Sequence[Ticket]) -> list[TicketOut]:
    """Tickets with their requester, organisation, assignee and group named and their SLA
    state: two queries (the names of them all, the SLA targets), whatever their number."""
    if not tickets:
        return []
    by_priority, names, now = targets(ctx.session), _names(ctx, tickets), to_naive_utc(ctx.now)
    out = []
    for ticket in tickets:
        requester, requester_name, org, assignee, group = names[ticket.id]
        sla = sla_state(ticket, by_priority.get(ticket.priority), now)
        out.append(
            TicketOut(
                id=ticket.id,
                code=ticket.code,
                subject=ticket.subject,
                description=ticket.description,
                status=ticket.status,
                priority=ticket.priority,
                type=ticket.type,
                category=ticket.category,
                tags=ticket.tags,
                requester=requester,
                requester_name=requester_name,
                organization=org,
                assignee=assignee,
                group=group,
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
        )
    return out


_NAMES = (
    select(Ticket.id, Requester.email, Requester.name, Organization.name, User.username, Group.name)
    .join(Requester, Requester.id == Ticket.requester_id)
    .outerjoin(Organization, Organization.id == Requester.organization_id)
    .outerjoin(User, User.id == Ticket.assignee_id)
    .outerjoin(Group, Group.id == Ticket.group_id)
    .where(Ticket.id.in_(bindparam("ids", expanding=True)))
)
"""The names a ticket shows, of the tickets ``ids`` (statements with joins are built once
here: building one costs more than running it)."""


def _names(
    ctx: Ctx, tickets: Sequence[Ticket]
) -> dict[int, tuple[str, str, str | None, str | None, str | None]]:
    """By ticket id: its requester's email and name, their organisation's name, the
    assignee's username and the group's name (one query for all of ``tickets``)."""
    rows = ctx.session.execute(_NAMES, {"ids": [t.id for t in tickets]})
    return {
        ticket_id: (email, name, org, assignee, group)
        for ticket_id, email, name, org, assignee, group in rows
    }


_COMMENTS = (
    select(Comment, User.username, User.display_name)
    .outerjoin(User, User.id == Comment.author_id)
    .where(Comment.ticket_id == bindparam("ticket_id"))
    .order_by(Comment.created_at, Comment.id)
)
"""A ticket's comments, oldest first, with their author's names (none: the requester's)."""


def ticket_detail(ctx: Ctx, ticket: Ticket) -> TicketDetail:
    """A ticket with its comments, oldest first."""
    [out] = tickets_out(ctx, [ticket])
    comments = ctx.session.execute(_COMMENTS, {"ticket_id": ticket.id})
    return TicketDetail(
        **out.model_dump(),
        comments=[
            CommentOut(
                id=comment.id,
                author=username,
                author_name=display_name if username is not None else out.requester_name,
                public=comment.public,
                body=comment.body,
                created_at=iso(comment.created_at) or "",
            )
            for comment, username, display_name in comments
        ],
    )


def macros_out(ctx: Ctx, macros: Sequence[Macro]) -> list[MacroOut]:
    """Macros with the group each sets named (one query for them all)."""
    groups = _group_names(ctx, (m.set_group_id for m in macros))
    return [
        MacroOut(
            id=macro.id,
            name=macro.name,
            description=macro.description,
            set_status=macro.set_status,
            set_priority=macro.set_priority,
            set_type=macro.set_type,
            set_group=groups.get(macro.set_group_id) if macro.set_group_id else None,
            assign_to_caller=macro.assign_to_caller,
            add_tags=macro.add_tags,
            reply=macro.reply,
            reply_public=macro.reply_public,
        )
        for macro in macros
    ]


def _group_names(ctx: Ctx, ids: Iterable[int | None]) -> dict[int, str]:
    wanted = {i for i in ids if i}
    rows = ctx.session.execute(select(Group.id, Group.name).where(Group.id.in_(wanted)))
    return dict(rows.all())


def requesters_out(ctx: Ctx, requesters: Sequence[Requester]) -> list[RequesterOut]:
    """Requesters with their organisation named (one query for them all)."""
    wanted = {r.organization_id for r in requesters if r.organization_id}
    orgs = dict(
        ctx.session.execute(
            select(Organization.id, Organization.name).where(Organization.id.in_(wanted))
        ).all()
    )
    return [
        RequesterOut(
            id=requester.id,
            name=requester.name,
            email=requester.email,
            organization=(
                orgs.get(requester.organization_id) if requester.organization_id else None
            ),
            department=requester.department,
        )
        for requester in requesters
    ]


def requester_out(ctx: Ctx, requester: Requester) -> RequesterOut:
    [out] = requesters_out(ctx, [requester])
    return out
