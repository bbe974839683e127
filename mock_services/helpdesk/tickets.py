"""The tickets area (``/api/tickets``): finding, creating and changing tickets, the rules the
API and the UI share."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from sqlalchemy import Select, bindparam, func, or_, select

from mock_services.core.base.addressing import Addressed
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.base.schemas import PageQuery
from mock_services.core.base.search import contains_text
from mock_services.core.base.tags import tag_condition
from mock_services.core.data.paging import Page, page_of, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.helpdesk.access import require_agent
from mock_services.helpdesk.models import Comment, Group, Requester, Ticket, User
from mock_services.helpdesk.people import (
    agent_named,
    group_named,
    requester_by_email,
    requester_numbered,
)
from mock_services.helpdesk.schemas import RatingRequest, TicketCreate, TicketQuery, TicketUpdate
from mock_services.helpdesk.sla import UNSOLVED, sla_state, targets
from mock_services.helpdesk.workflow import check_changeable, code_of, move

TICKETS = Addressed(
    kind="ticket",
    by="code",
    shape=r"TK-\d{1,9}",
    sample=code_of(1001),
    table="tickets",
    owner_column="assignee_id",
    hint="list them with GET /api/tickets",
)
_FIELDS = ("subject", "priority", "type", "category", "tags")


_BY_CODE = select(Ticket).where(Ticket.code == bindparam("code"))


def stored_code(code: str) -> str:
    """A ticket code as the caller may write it (' tk-1001') as it is stored ('TK-1001')."""
    return code.strip().upper()


def ticket_by_code(ctx: Ctx, code: str, field: str | None = None) -> Ticket:
    """The ticket ``code`` names ('TK-1001'); a 404, or a 422 naming the body ``field``."""
    ticket = ctx.session.scalar(_BY_CODE, {"code": stored_code(code)})
    if ticket is not None:
        return ticket
    missing = TICKETS.not_found(ctx, code)
    raise invalid_field(field, missing.message) if field else missing


def requester_tickets(
    ctx: Ctx, code: str, paging: PageQuery
) -> tuple[Ticket, Requester, Page[int]]:
    """The ticket ``code`` names, its requester and the ids of one page of the requester's
    other tickets, oldest first (the ticket itself left out): what the ticket's requester
    panel shows, on its page and from the API alike."""
    ticket = ticket_by_code(ctx, code)
    stmt = (
        select(Ticket.id)
        .where(Ticket.requester_id == ticket.requester_id, Ticket.id != ticket.id)
        .order_by(Ticket.id)
    )
    found = page_of_select(ctx.session, stmt, paging)
    return ticket, requester_numbered(ctx.session, ticket.requester_id, "requester_id"), found


def find_tickets(ctx: Ctx, query: TicketQuery) -> Page[int]:
    """The ids of one page of tickets, oldest first, narrowed by the query's filters."""
    if query.breaching is None:
        return page_of_select(ctx.session, _filtered(ctx, query, select(Ticket.id)), query)
    by_priority, now = targets(ctx.session), to_naive_utc(ctx.now)
    found = [
        t.id
        for t in ctx.session.scalars(_filtered(ctx, query, select(Ticket)))
        if sla_state(t, by_priority.get(t.priority), now).breaching == query.breaching
    ]
    return page_of(found, query)


def _filtered(ctx: Ctx, query: TicketQuery, stmt: Select[Any]) -> Select[Any]:
    """``stmt`` (the tickets' ids, or the tickets) narrowed by the query, oldest first."""
    stmt = stmt.order_by(Ticket.id)
    if query.status == "unsolved":
        stmt = stmt.where(Ticket.status.in_(UNSOLVED))
    elif query.status is not None:
        stmt = stmt.where(Ticket.status == query.status)
    if query.priority is not None:
        stmt = stmt.where(Ticket.priority == query.priority)
    if query.assignee == "me":
        stmt = stmt.where(Ticket.assignee_id == ctx.user_id)
    elif query.assignee == "none":
        stmt = stmt.where(Ticket.assignee_id.is_(None))
    elif query.assignee is not None:
        stmt = stmt.where(Ticket.assignee_id == agent_named(ctx.session, query.assignee).id)
    if query.group is not None:
        stmt = stmt.where(Ticket.group_id == group_named(ctx.session, query.group).id)
    if query.requester is not None:
        stmt = stmt.where(
            Ticket.requester_id == requester_by_email(ctx.session, query.requester).id
        )
    if query.tag is not None:
        stmt = stmt.where(tag_condition(Ticket.tags, query.tag))
    if query.q is not None:
        in_comments = select(Comment.ticket_id).where(contains_text(Comment.body, query.q))
        stmt = stmt.where(
            or_(
                contains_text(Ticket.subject, query.q),
                contains_text(Ticket.description, query.q),
                Ticket.id.in_(in_comments),
                Ticket.code == stored_code(query.q),  # 'tk-1052' finds TK-1052 itself
            )
        )
    return stmt


def create_ticket(ctx: Ctx, body: TicketCreate) -> Ticket:
    """A new ticket: new, or open when it is assigned at once."""
    require_agent(ctx, "create tickets")
    requester = requester_numbered(ctx.session, body.requester_id, "requester_id")
    assignee = agent_named(ctx.session, body.assignee) if body.assignee else None
    group = group_named(ctx.session, body.group) if body.group else None
    now = to_naive_utc(ctx.now)
    ticket_id = (ctx.session.scalar(select(func.max(Ticket.id))) or 0) + 1
    ticket = Ticket(
        id=ticket_id,
        code=code_of(ticket_id),
        subject=body.subject,
        description=body.description,
        requester_id=requester.id,
        assignee_id=assignee.id if assignee else None,
        group_id=group.id if group else (assignee.group_id if assignee else None),
        status="open" if assignee else "new",
        priority=body.priority,
        type=body.type,
        category=body.category,
        tags=body.tags,
        created_at=now,
        updated_at=now,
    )
    _check_member(ctx, ticket)
    ctx.session.add(ticket)
    ctx.session.flush()
    return ticket


def update_ticket(ctx: Ctx, code: str, body: TicketUpdate) -> Ticket:
    """Change the fields given; the status only as the workflow allows."""
    ticket = ticket_by_code(ctx, code)
    require_agent(ctx, "change tickets")
    apply_changes(ctx, ticket, body.model_dump(exclude_unset=True))
    return ticket


def ticket_stamp(ctx: Ctx, ticket: Ticket) -> str:
    """The ticket as a page read it: its last comment and a digest of its fields ("c7-3f2a..."),
    as Zendesk's ``updated_stamp``, so that a save from a page loaded before the ticket changed
    is told apart (under a frozen clock ``updated_at`` may not move)."""
    last = ctx.session.scalar(select(func.max(Comment.id)).where(Comment.ticket_id == ticket.id))
    fields = [
        *(getattr(ticket, name) for name in ("subject", "assignee_id", "group_id", "status")),
        *(getattr(ticket, name) for name in ("priority", "type", "category", "tags")),
        ticket.merged_into_id,
        ticket.updated_at,
    ]
    digest = hashlib.sha256(json.dumps(fields, default=str).encode()).hexdigest()[:12]
    return f"c{last or 0}-{digest}"


def check_unchanged(ctx: Ctx, code: str, seen: str) -> None:
    """Refuse (409) a change sent from a page that read the ticket as ``seen`` (its
    ``ticket_stamp``) when it has changed since, saying what changed, as Zendesk warns that a
    ticket was updated while you were viewing it."""
    ticket = ticket_by_code(ctx, code)
    if ticket_stamp(ctx, ticket) == seen:
        return
    read = re.fullmatch(r"c(\d+)-\w+", seen)
    since = ctx.session.scalars(
        select(Comment)
        .where(Comment.ticket_id == ticket.id, Comment.id > (int(read[1]) if read else 0))
        .order_by(Comment.id)
    ).all()
    authors = sorted({"an agent" if c.author_id else "the requester" for c in since})
    what = (
        f"{len(since)} new comment{'s' if len(since) != 1 else ''} by {' and '.join(authors)}"
        if since
        else "its properties were changed"
    )
    raise Conflict(
        f"{ticket.code} was updated since you opened it ({what}). Review the ticket below: "
        "your changes are kept in the form, save again to apply them"
    )


def apply_changes(ctx: Ctx, ticket: Ticket, changes: dict[str, Any]) -> None:
    """Set ``changes`` (a ``TicketUpdate``'s fields) on ``ticket``: names resolved, the group
    following a new assignee, a new ticket opened once assigned, the status moved last."""
    check_changeable(ticket)
    for field in _FIELDS:
        if changes.get(field) is not None:
            setattr(ticket, field, changes[field])
    if "assignee" in changes:
        agent = agent_named(ctx.session, changes["assignee"]) if changes["assignee"] else None
        ticket.assignee_id = agent.id if agent else None
        if agent is not None and agent.group_id is not None and "group" not in changes:
            ticket.group_id = agent.group_id
    if "group" in changes:
        group = group_named(ctx.session, changes["group"]) if changes["group"] else None
        ticket.group_id = group.id if group else None
        if "assignee" not in changes and not _fits_group(ctx, ticket):
            ticket.assignee_id = None  # moved to another team: off the old assignee's desk
    _check_member(ctx, ticket)
    status = changes.get("status")
    if status is None and ticket.status == "new" and ticket.assignee_id is not None:
        status = "open"
    if status is not None:
        set_status(ctx, ticket, status)
    ticket.updated_at = to_naive_utc(ctx.now)


def set_status(ctx: Ctx, ticket: Ticket, status: str) -> None:
    """Move ``ticket`` to ``status``; a ticket solved with nobody assigned is the caller's."""
    if status == "solved" and ticket.assignee_id is None:
        ticket.assignee_id = ctx.user_id
    move(ticket, status, to_naive_utc(ctx.now))


def _fits_group(ctx: Ctx, ticket: Ticket) -> bool:
    """Whether the assignee, if any, may hold the ticket in its group: agents without a group
    (admins) hold any."""
    if ticket.assignee_id is None or ticket.group_id is None:
        return True
    agent = ctx.session.get(User, ticket.assignee_id)
    return agent is None or agent.group_id in (None, ticket.group_id)


def _check_member(ctx: Ctx, ticket: Ticket) -> None:
    """An assignee who belongs to a group must belong to the ticket's group."""
    if _fits_group(ctx, ticket):
        return
    agent = ctx.session.get(User, ticket.assignee_id)
    group = ctx.session.get(Group, ticket.group_id)
    assert agent is not None and group is not None  # foreign keys, checked by _fits_group
    raise invalid_field(
        "assignee",
        f"agent {agent.username!r} is not in group {group.name!r}; assign one of its agents "
        "(GET /api/groups) or change the group",
    )


def rate_ticket(ctx: Ctx, code: str, body: RatingRequest) -> Ticket:
    """Record the requester's satisfaction rating of a solved or closed ticket."""
    ticket = ticket_by_code(ctx, code)
    require_agent(ctx, "record ratings")
    if ticket.status not in ("solved", "closed") or ticket.merged_into_id is not None:
        state = "merged" if ticket.merged_into_id else ticket.status
        raise Conflict(
            f"satisfaction: only solved or closed tickets are rated; "
            f"{code_of(ticket.id)} is {state}"
        )
    ticket.satisfaction = body.score
    ticket.satisfaction_comment = body.comment
    return ticket
