"""Rows as the API answers them (and the UI shows them): messages with their thread, reactions
and files; conversations with their members and the caller's unread count."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select

from mock_services.chat.models import (
    Conversation,
    File,
    Member,
    Message,
    Reaction,
    User,
    Workspace,
)
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


def people(ctx: Ctx) -> dict[int, User]:
    """Every user by id, read once per request: a page names the same few people on every
    message and conversation it lists (a user row looked up alone is let go once named, so the
    session's identity map would not keep it for the next)."""
    return ctx.once("chat.people", lambda: {u.id: u for u in ctx.session.scalars(select(User))})


def _username(ctx: Ctx, user_id: int | None) -> str | None:
    if user_id is None:
        return None
    user = people(ctx).get(user_id)
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
    return message_outs(ctx, [message])[0]


def message_outs(ctx: Ctx, listed: Iterable[Message]) -> list[MessageOut]:
    """Messages as the API answers them, with their thread, reactions and files read for all of
    them at once (a statement each, not three per message)."""
    found = list(listed)
    if not found:
        return []
    ids = [m.id for m in found]
    threads = {
        parent: (count, last)
        for parent, count, last in ctx.session.execute(
            select(Message.thread_parent_id, func.count(Message.id), func.max(Message.created_at))
            .where(Message.thread_parent_id.in_(ids))
            .group_by(Message.thread_parent_id)
        )
    }
    reactions: dict[int, dict[str, list[str]]] = {}
    for message_id, emoji, username in ctx.session.execute(
        select(Reaction.message_id, Reaction.emoji, User.username)
        .join(User, User.id == Reaction.user_id)
        .where(Reaction.message_id.in_(ids))
        .order_by(Reaction.id)
    ):
        reactions.setdefault(message_id, {}).setdefault(emoji, []).append(username)
    files: dict[int, list[File]] = {}
    for file in ctx.session.scalars(select(File).where(File.message_id.in_(ids)).order_by(File.id)):
        files.setdefault(file.message_id, []).append(file)
    return [
        _message_out(ctx, m, threads.get(m.id, (0, None)), reactions.get(m.id, {}), files)
        for m in found
    ]


def _message_out(
    ctx: Ctx,
    message: Message,
    thread: tuple[int, datetime | None],
    reactions: dict[str, list[str]],
    files: dict[int, list[File]],
) -> MessageOut:
    author = people(ctx).get(message.user_id)
    count, last = thread
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
        files=[file_out(f) for f in files.get(message.id, [])],
        pinned=message.pinned_at is not None,
        pinned_by=_username(ctx, message.pinned_by_id),
        pinned_at=iso(message.pinned_at),
    )


def label(ctx: Ctx, conv: Any, members: list[int], names: Mapping[int, str] | None = None) -> str:
    """'#general' for a channel; a dm's other members' names (the caller's own, alone), from
    ``names`` (each member's display name, by id) where given, else from every user read."""
    if conv.kind != "dm":
        return f"#{conv.name}"
    others = [i for i in members if i != ctx.user_id] or members
    if names is None:
        names = {i: u.display_name for i in others if (u := people(ctx).get(i)) is not None}
    return ", ".join(names[i] for i in others if i in names)


def _members(ctx: Ctx) -> dict[int, list[Member]]:
    """Every conversation's members in the order they joined, read once per request: a page's
    sidebar lists each of the caller's conversations with its members and unread count."""

    def read() -> dict[int, list[Member]]:
        found: dict[int, list[Member]] = {}
        for member in ctx.session.scalars(select(Member).order_by(Member.id)):
            found.setdefault(member.conversation_id, []).append(member)
        return found

    return ctx.once("chat.members", read)


def unread_counts(ctx: Ctx) -> dict[int, int]:
    """The caller's unread count in each conversation they belong to (``unread_count``'s rule:
    messages, not thread replies, by others after their read mark), read once per request."""
    me = ctx.user_id
    counted = (
        select(Message.conversation_id, func.count(Message.id))
        .join(Member, (Member.conversation_id == Message.conversation_id) & (Member.user_id == me))
        .where(
            Message.thread_parent_id.is_(None),
            Message.user_id != me,
            or_(Member.last_read_at.is_(None), Message.created_at > Member.last_read_at),
        )
        .group_by(Message.conversation_id)
    )
    return ctx.once("chat.unread", lambda: {c: n for c, n in ctx.session.execute(counted)})


def conversation_out(ctx: Ctx, conv: Conversation) -> ConversationOut:
    joined = _members(ctx).get(conv.id, [])
    members = [m.user_id for m in joined]
    mine = next((m for m in joined if m.user_id == ctx.user_id), None)
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
        unread_count=unread_counts(ctx).get(conv.id, 0) if mine else 0,
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
