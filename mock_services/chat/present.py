"""Rows as the API answers them (and the UI shows them): messages with their thread, reactions
and files; conversations with their members and the caller's unread count."""

from __future__ import annotations

from sqlalchemy import func, select

from mock_services.chat.access import membership
from mock_services.chat.conversations import member_ids, unread_count
from mock_services.chat.models import Conversation, File, Message, Reaction, User, Workspace
from mock_services.chat.models import WorkspaceMember as WsMember
from mock_services.chat.schemas import (
    ConversationOut,
    FileOut,
    MessageOut,
    ReactionOut,
    UserOut,
    WorkspaceOut,
)
from mock_services.core.base.clock import iso
from mock_services.core.spec.api import Ctx


def user_out(user: User) -> UserOut:
    return UserOut.model_validate(user)


def _username(ctx: Ctx, user_id: int | None) -> str | None:
    if user_id is None:
        return None
    user = ctx.session.get(User, user_id)
    return user.username if user else None


def file_out(file: File) -> FileOut:
    return FileOut(
        id=file.id,
        message_id=file.message_id,
        filename=file.filename,
        content_type=file.content_type,
        size=file.size,
        url=f"/api/files/{file.id}/content",
    )


def message_out(ctx: Ctx, message: Message) -> MessageOut:
    author = ctx.session.get(User, message.user_id)
    count, last = ctx.session.execute(
        select(func.count(Message.id), func.max(Message.created_at)).where(
            Message.thread_parent_id == message.id
        )
    ).one()
    reactions: dict[str, list[str]] = {}
    for emoji, username in ctx.session.execute(
        select(Reaction.emoji, User.username)
        .join(User, User.id == Reaction.user_id)
        .where(Reaction.message_id == message.id)
        .order_by(Reaction.id)
    ):
        reactions.setdefault(emoji, []).append(username)
    files = ctx.session.scalars(select(File).where(File.message_id == message.id).order_by(File.id))
    return MessageOut(
        id=message.id,
        conversation_id=message.conversation_id,
        thread_parent_id=message.thread_parent_id,
        author=author.username if author else "",
        author_name=author.display_name if author else "",
        text=message.text,
        mentions=list(message.mentions or []),
        created_at=iso(message.created_at) or "",
        edited_at=iso(message.edited_at),
        reply_count=int(count or 0),
        last_reply_at=iso(last),
        reactions=[ReactionOut(emoji=e, count=len(u), users=u) for e, u in reactions.items()],
        files=[file_out(f) for f in files],
        pinned=message.pinned_at is not None,
        pinned_by=_username(ctx, message.pinned_by_id),
        pinned_at=iso(message.pinned_at),
    )


def label(ctx: Ctx, conv: Conversation, members: list[int]) -> str:
    """'#general' for a channel; a dm's other members' names (the caller's own, alone)."""
    if conv.kind != "dm":
        return f"#{conv.name}"
    others = [i for i in members if i != ctx.user_id] or members
    names = [u.display_name for i in others if (u := ctx.session.get(User, i)) is not None]
    return ", ".join(names)


def conversation_out(ctx: Ctx, conv: Conversation) -> ConversationOut:
    members = member_ids(ctx, conv.id)
    mine = membership(ctx.session, conv.id, ctx.user_id)
    return ConversationOut(
        id=conv.id,
        workspace_id=conv.workspace_id,
        kind=conv.kind,
        name=conv.name,
        label=label(ctx, conv, members),
        topic=conv.topic,
        purpose=conv.purpose,
        archived=conv.archived,
        is_member=mine is not None,
        members=[name for i in members if (name := _username(ctx, i)) is not None],
        unread_count=unread_count(ctx, conv, mine),
        last_read_at=iso(mine.last_read_at) if mine else None,
        created_by=_username(ctx, conv.created_by_id) or "",
        created_at=iso(conv.created_at) or "",
    )


def workspace_out(ctx: Ctx, workspace: Workspace) -> WorkspaceOut:
    count = ctx.session.scalar(
        select(func.count(WsMember.id)).where(WsMember.workspace_id == workspace.id)
    )
    return WorkspaceOut(
        id=workspace.id,
        name=workspace.name,
        domain=workspace.domain,
        member_count=int(count or 0),
        created_at=iso(workspace.created_at) or "",
    )
