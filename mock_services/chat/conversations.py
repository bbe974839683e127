"""The conversations area (``/api/conversations``, ``/api/channels``, ``/api/dms``): channels
created, described, joined, left, archived; direct messages opened; read marks."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Select, func, or_, select

from mock_services.chat.access import (
    home_workspace,
    membership,
    my_workspace_ids,
    refuse_if_archived,
    visible_conversation,
    workspace_users,
)
from mock_services.chat.models import Conversation, Member, Message
from mock_services.chat.schemas import (
    ChannelCreate,
    ChannelUpdate,
    ConversationQuery,
    DmOpen,
    InviteRequest,
    ReadMark,
)
from mock_services.chat.seed import dm_key
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, invalid_field
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx


def visible(ctx: Ctx, query: ConversationQuery) -> Page[Conversation]:
    """The conversations the caller sees: channels first by name, then direct messages."""
    return page_of_select(ctx.session, visible_select(ctx, query), query)


def visible_select(ctx: Ctx, query: ConversationQuery) -> Select[Conversation]:
    """``visible``'s statement, in its order (unpaged): a page's sidebar reads the columns it
    shows from it."""
    mine = select(Member.conversation_id).where(Member.user_id == ctx.user_id)
    spaces = my_workspace_ids(ctx)
    stmt = select(Conversation).where(
        or_(
            Conversation.id.in_(mine),
            (Conversation.kind == "public") & Conversation.workspace_id.in_(spaces),
        )
    )
    if query.workspace_id is not None:
        stmt = stmt.where(Conversation.workspace_id == query.workspace_id)
    if query.kind is not None:
        stmt = stmt.where(Conversation.kind == query.kind)
    if query.joined is True:
        stmt = stmt.where(Conversation.id.in_(mine))
    elif query.joined is False:
        stmt = stmt.where(Conversation.id.not_in(mine))
    if not query.include_archived:
        stmt = stmt.where(Conversation.archived.is_(False))
    return stmt.order_by(Conversation.kind == "dm", Conversation.name, Conversation.id)


def member_ids(ctx: Ctx, conversation_id: int) -> list[int]:
    stmt = select(Member.user_id).where(Member.conversation_id == conversation_id)
    return list(ctx.session.scalars(stmt.order_by(Member.id)))


def unread_count(ctx: Ctx, conv: Conversation, member: Member | None) -> int:
    """Messages (not thread replies) by others after the member's read mark; 0 for a non-member."""
    if member is None:
        return 0
    stmt = select(func.count(Message.id)).where(
        Message.conversation_id == conv.id,
        Message.thread_parent_id.is_(None),
        Message.user_id != ctx.user_id,
    )
    if member.last_read_at is not None:
        stmt = stmt.where(Message.created_at > member.last_read_at)
    return int(ctx.session.scalar(stmt) or 0)


def create_channel(ctx: Ctx, body: ChannelCreate) -> Conversation:
    workspace_id = home_workspace(ctx, body.workspace_id)
    taken = ctx.session.scalars(
        select(Conversation.id).where(
            Conversation.workspace_id == workspace_id, Conversation.name == body.name
        )
    ).first()
    if taken is not None:
        raise invalid_field("name", f"there is already a channel named #{body.name}")
    others = workspace_users(ctx.session, workspace_id, body.members, "members")
    conv = Conversation(
        workspace_id=workspace_id,
        kind="private" if body.private else "public",
        name=body.name,
        topic=body.topic,
        purpose=body.purpose,
        archived=False,
        created_by_id=ctx.user_id,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(conv)
    ctx.session.flush()
    for user_id in [ctx.user_id, *(u.id for u in others if u.id != ctx.user_id)]:
        ctx.session.add(Member(conversation_id=conv.id, user_id=user_id, last_read_at=None))
    ctx.session.flush()
    return conv


def channel(ctx: Ctx, conversation_id: int) -> Conversation:
    """A channel the caller sees (a dm answers 409: it has no channel settings)."""
    conv = visible_conversation(ctx, conversation_id)
    if conv.kind == "dm":
        raise Conflict(
            "a direct message is not a channel: it has no topic, members to add or archive"
        )
    return conv


def member_channel(ctx: Ctx, conversation_id: int) -> Conversation:
    conv = channel(ctx, conversation_id)
    if membership(ctx.session, conv.id, ctx.user_id) is None:
        raise Conflict(f"you are not in #{conv.name}; join it first")
    return conv


def update_channel(ctx: Ctx, conversation_id: int, body: ChannelUpdate) -> Conversation:
    conv = member_channel(ctx, conversation_id)
    refuse_if_archived(conv)
    if body.topic is not None:
        conv.topic = body.topic
    if body.purpose is not None:
        conv.purpose = body.purpose
    ctx.session.flush()
    return conv


def join_channel(ctx: Ctx, conversation_id: int) -> Conversation:
    conv = channel(ctx, conversation_id)
    refuse_if_archived(conv)
    if membership(ctx.session, conv.id, ctx.user_id) is None:
        ctx.session.add(Member(conversation_id=conv.id, user_id=ctx.user_id, last_read_at=None))
        ctx.session.flush()
    return conv


def leave_channel(ctx: Ctx, conversation_id: int) -> Conversation:
    conv = channel(ctx, conversation_id)
    member = membership(ctx.session, conv.id, ctx.user_id)
    if member is None:
        raise Conflict(f"you are not in #{conv.name}")
    ctx.session.delete(member)
    ctx.session.flush()
    return conv


def invite(ctx: Ctx, conversation_id: int, body: InviteRequest) -> Conversation:
    conv = member_channel(ctx, conversation_id)
    refuse_if_archived(conv)
    for user in workspace_users(ctx.session, conv.workspace_id, body.usernames, "usernames"):
        if membership(ctx.session, conv.id, user.id) is None:
            ctx.session.add(Member(conversation_id=conv.id, user_id=user.id, last_read_at=None))
    ctx.session.flush()
    return conv


def set_archived(ctx: Ctx, conversation_id: int, archived: bool) -> Conversation:
    conv = member_channel(ctx, conversation_id)
    if conv.archived == archived:
        raise Conflict(f"#{conv.name} is {'already' if archived else 'not'} archived")
    conv.archived = archived
    ctx.session.flush()
    return conv


def open_dm(ctx: Ctx, body: DmOpen) -> tuple[Conversation, bool]:
    """The direct message between the caller and these people, made if there is none yet (and
    whether it was made now)."""
    workspace_id = home_workspace(ctx, body.workspace_id)
    others = workspace_users(ctx.session, workspace_id, body.usernames, "usernames")
    ids = [ctx.user_id, *(u.id for u in others)]
    key = dm_key(ids)
    found = ctx.session.scalars(
        select(Conversation).where(
            Conversation.workspace_id == workspace_id,
            Conversation.kind == "dm",
            Conversation.dm_key == key,
        )
    ).first()
    if found is not None:
        return found, False
    conv = Conversation(
        workspace_id=workspace_id,
        kind="dm",
        name=None,
        topic="",
        purpose="",
        archived=False,
        dm_key=key,
        created_by_id=ctx.user_id,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(conv)
    ctx.session.flush()
    for user_id in sorted(set(ids)):
        ctx.session.add(Member(conversation_id=conv.id, user_id=user_id, last_read_at=None))
    ctx.session.flush()
    return conv, True


def mark_read(ctx: Ctx, conversation_id: int, body: ReadMark) -> Conversation:
    """Move the caller's read mark to a message of the conversation (default: its latest)."""
    conv = visible_conversation(ctx, conversation_id)
    member = membership(ctx.session, conv.id, ctx.user_id)
    if member is None:
        raise Conflict("only members keep a read mark; join the channel first")
    moment: datetime | None
    if body.message_id is not None:
        message = ctx.session.get(Message, body.message_id)
        if message is None or message.conversation_id != conv.id:
            raise NotFound(f"no message {body.message_id} in this conversation")
        moment = message.created_at
    else:
        moment = ctx.session.scalar(
            select(func.max(Message.created_at)).where(Message.conversation_id == conv.id)
        )
    if moment is not None and moment != member.last_read_at:
        member.last_read_at = moment  # a message named may move it back: "mark unread from here"
        ctx.session.flush()
    return conv
