"""Macros (``/api/macros``, ``/api/tickets/<code>/macro``): named bundles of field changes and a
reply, applied to a ticket in one step."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base.errors import invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.helpdesk.access import require_agent
from mock_services.helpdesk.comments import post
from mock_services.helpdesk.models import Group, Macro, Requester, Ticket
from mock_services.helpdesk.schemas import MacroApply
from mock_services.helpdesk.tickets import apply_changes, ticket_by_code
from mock_services.helpdesk.workflow import code_of


def macros(session: Session) -> list[Macro]:
    return list(session.scalars(select(Macro).order_by(Macro.name)))


def apply_macro(ctx: Ctx, code: str, body: MacroApply) -> Ticket:
    """Apply macro ``body.macro_id`` to ticket ``code``: its field changes, then its reply
    (placeholders filled in) with its status."""
    ticket = ticket_by_code(ctx, code)
    macro = ctx.session.get(Macro, body.macro_id)
    if macro is None:
        raise invalid_field("macro_id", f"no macro {body.macro_id}; list them with GET /api/macros")
    require_agent(ctx, "apply macros")
    changes: dict[str, Any] = {"priority": macro.set_priority, "type": macro.set_type}
    if macro.assign_to_caller:
        changes["assignee"] = ctx.user.username
    if macro.set_group_id is not None:
        group = ctx.session.get(Group, macro.set_group_id)
        changes["group"] = group.name if group else None
    if macro.add_tags:
        changes["tags"] = sorted({*ticket.tags, *macro.add_tags})
    if not macro.reply:
        changes["status"] = macro.set_status
    apply_changes(ctx, ticket, changes)
    if macro.reply:
        text = fill_placeholders(ctx, macro.reply, ticket)
        post(ctx, ticket, text, public=macro.reply_public, status=macro.set_status)
    return ticket


def fill_placeholders(ctx: Ctx, text: str, ticket: Ticket) -> str:
    """``{{requester.name}}``, ``{{ticket.id}}`` and ``{{agent.name}}`` filled in."""
    requester = ctx.session.get(Requester, ticket.requester_id)
    values = {
        "{{requester.name}}": requester.name if requester else "",
        "{{ticket.id}}": code_of(ticket.id),
        "{{agent.name}}": ctx.user.display_name,
    }
    for placeholder, value in values.items():
        text = text.replace(placeholder, value)
    return text
