"""Search (``/api/search``): messages and replies in the conversations the caller sees, by words,
author (``from:@bob``), conversation (``in:#general``) and days (``after:``/``before:``, in the
caller's time zone), newest first."""

from __future__ import annotations

from datetime import time, timedelta

from sqlalchemy import or_, select

from mock_services.chat.access import my_workspace_ids
from mock_services.chat.models import Conversation, Member, Message, User
from mock_services.chat.schemas import SearchQuery
from mock_services.chat.search_syntax import terms
from mock_services.core.base.clock import naive_utc_at, zone
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx


def search(ctx: Ctx, query: SearchQuery) -> Page[Message]:
    found = terms(query)
    mine = select(Member.conversation_id).where(Member.user_id == ctx.user_id)
    spaces = my_workspace_ids(ctx)
    seen = select(Conversation.id).where(
        or_(
            Conversation.id.in_(mine),
            (Conversation.kind == "public") & Conversation.workspace_id.in_(spaces),
        )
    )
    stmt = select(Message).where(Message.conversation_id.in_(seen))
    for word in found.words:
        stmt = stmt.where(contains_text(Message.text, word))
    if found.from_user:
        name = found.from_user.lstrip("@").lower()
        stmt = stmt.where(Message.user_id.in_(select(User.id).where(User.username == name)))
    if found.in_conversation:
        where = found.in_conversation.lstrip("#").lower()
        if where.isdigit():
            stmt = stmt.where(Message.conversation_id == int(where))
        else:
            named = select(Conversation.id).where(Conversation.name == where)
            stmt = stmt.where(Message.conversation_id.in_(named))
    tz = zone(ctx.user.timezone or "UTC")
    if found.after is not None:
        stmt = stmt.where(
            Message.created_at >= naive_utc_at(found.after + timedelta(days=1), time(), tz)
        )
    if found.before is not None:
        stmt = stmt.where(Message.created_at < naive_utc_at(found.before, time(), tz))
    stmt = stmt.order_by(Message.created_at.desc(), Message.id.desc())
    return page_of_select(ctx.session, stmt, query)
