"""Tickets, comments and the rest as the API answers them (the UI shows the same answers).

Tickets are read as plain rows (sqlite3, no ORM): a page of them in one query, a ticket by
code in two (its row, its comments), each with the names it shows and its SLA target; the
by-code answer is the list's on one ticket, with its comments."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select

from mock_services.core.base.clock import iso, iso_stored, to_naive_utc
from mock_services.core.spec.api import Ctx
from mock_services.helpdesk.models import Group, Macro, Organization, Requester
from mock_services.helpdesk.schemas import MacroOut, RequesterOut, TicketDetail, TicketOut
from mock_services.helpdesk.sla import NO_TARGET, measured
from mock_services.helpdesk.tickets import TICKETS, stored_code
from mock_services.helpdesk.workflow import code_of

_TICKET_ROW = (
    "SELECT t.id, t.code, t.subject, t.description, t.status, t.priority, t.type, t.category, "
    "t.tags, r.email AS requester, r.name AS requester_name, o.name AS organization, "
    "u.username AS assignee, g.name AS group_name, t.created_at, t.updated_at, "
    "t.first_reply_at, t.solved_at, t.resolution, t.merged_into_id, t.satisfaction, "
    "t.satisfaction_comment, s.first_reply_minutes, s.resolution_minutes "
    "FROM tickets t JOIN requesters r ON r.id = t.requester_id "
    "LEFT JOIN organizations o ON o.id = r.organization_id "
    "LEFT JOIN users u ON u.id = t.assignee_id LEFT JOIN groups g ON g.id = t.group_id "
    "LEFT JOIN sla_targets s ON s.priority = t.priority "
)
TICKET_ROWS = _TICKET_ROW + "WHERE t.id IN (SELECT value FROM json_each(?))"
"""Tickets by id (a JSON array, so every page runs the same statement), each with its
requester's email and name, their organisation's name, the assignee's username, the group's
name and the SLA target of its priority."""
TICKET_BY_CODE = _TICKET_ROW + "WHERE t.code = ?"
"""The same row of the ticket a code names."""
COMMENT_ROWS = (
    "SELECT c.id, u.username, u.display_name, c.public, c.body, c.created_at FROM comments c "
    "LEFT JOIN users u ON u.id = c.author_id WHERE c.ticket_id = ? ORDER BY c.created_at, c.id"
)
"""A ticket's comments, oldest first, with their author's names (none: the requester's)."""


def _ticket_fields(row: sqlite3.Row, now: datetime) -> dict[str, Any]:
    """A ``TICKET_ROWS`` row as a ``TicketOut``'s fields (plain values, validated once)."""
    sla = NO_TARGET
    if row["first_reply_minutes"] is not None:
        replied, solved = row["first_reply_at"], row["solved_at"]
        sla = measured(
            datetime.fromisoformat(row["created_at"]),
            datetime.fromisoformat(replied) if replied is not None else None,
            datetime.fromisoformat(solved) if solved is not None else None,
            row["status"],
            row["merged_into_id"] is not None,
            (row["first_reply_minutes"], row["resolution_minutes"]),
            now,
        )
    merged_into = row["merged_into_id"]
    return {
        "id": row["id"],
        "code": row["code"],
        "subject": row["subject"],
        "description": row["description"],
        "status": row["status"],
        "priority": row["priority"],
        "type": row["type"],
        "category": row["category"],
        "tags": json.loads(row["tags"]),
        "requester": row["requester"],
        "requester_name": row["requester_name"],
        "organization": row["organization"],
        "assignee": row["assignee"],
        "group": row["group_name"],
        "created_at": iso_stored(row["created_at"]) or "",
        "updated_at": iso_stored(row["updated_at"]) or "",
        "first_reply_at": iso_stored(row["first_reply_at"]),
        "solved_at": iso_stored(row["solved_at"]),
        "resolution": row["resolution"],
        "merged_into": code_of(merged_into) if merged_into else None,
        "satisfaction": row["satisfaction"],
        "satisfaction_comment": row["satisfaction_comment"],
        "sla": {
            "first_reply_due": iso(sla.first_reply_due),
            "first_reply_breached": sla.first_reply_breached,
            "resolution_due": iso(sla.resolution_due),
            "resolution_breached": sla.resolution_breached,
        },
    }


def tickets_out(ctx: Ctx, ticket_ids: Sequence[int]) -> list[TicketOut]:
    """The tickets ``ticket_ids``, in that order, with their requester, organisation,
    assignee and group named and their SLA state: one plain query, whatever their number."""
    if not ticket_ids:
        return []
    rows = {row["id"]: row for row in ctx.db.all(TICKET_ROWS, (json.dumps(list(ticket_ids)),))}
    now = to_naive_utc(ctx.now)
    return [TicketOut.model_validate(_ticket_fields(rows[i], now)) for i in ticket_ids]


def ticket_detail(ctx: Ctx, code: str) -> TicketDetail:
    """The ticket ``code`` names ('TK-1001'), as the list shows it, with its comments oldest
    first: two plain queries; a 404 when there is none."""
    row = ctx.db.one(TICKET_BY_CODE, (stored_code(code),))
    if row is None:
        raise TICKETS.not_found(ctx, code)
    fields = _ticket_fields(row, to_naive_utc(ctx.now))
    requester_name = row["requester_name"]
    fields["comments"] = [
        {
            "id": comment_id,
            "author": username,
            "author_name": display_name if username is not None else requester_name,
            "public": bool(public),
            "body": body,
            "created_at": iso_stored(created_at) or "",
        }
        for comment_id, username, display_name, public, body, created_at in ctx.db.all(
            COMMENT_ROWS, (row["id"],)
        )
    ]
    return TicketDetail.model_validate(fields)


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
