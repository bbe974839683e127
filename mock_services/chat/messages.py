"""The messages area (``/api/conversations/<id>/messages``, ``/api/messages``, ``/api/files``):
posting (with files), thread replies, edits and deletions of one's own, reactions, pins."""

from __future__ import annotations

import base64

from sqlalchemy import select

from mock_services.chat.access import (
    membership,
    refuse_if_archived,
    visible_conversation,
    visible_message,
    workspace_user,
    writable_conversation,
)
from mock_services.chat.mentions import mentioned
from mock_services.chat.models import Conversation, File, Message, Reaction
from mock_services.chat.schemas import FileUpload, MessageCreate, MessageEdit, MessageQuery
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, Forbidden, NotFound, invalid_field
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx


def history(ctx: Ctx, conversation_id: int, query: MessageQuery) -> Page[Message]:
    """The conversation's messages (not thread replies), newest first."""
    conv = visible_conversation(ctx, conversation_id)
    stmt = select(Message).where(
        Message.conversation_id == conv.id, Message.thread_parent_id.is_(None)
    )
    if query.before is not None:
        stmt = stmt.where(Message.created_at < to_naive_utc(query.before))
    if query.after is not None:
        stmt = stmt.where(Message.created_at > to_naive_utc(query.after))
    stmt = stmt.order_by(Message.created_at.desc(), Message.id.desc())
    return page_of_select(ctx.session, stmt, query)


def replies(ctx: Ctx, message_id: int) -> tuple[Message, list[Message]]:
    """A thread: the message it starts from and its replies, oldest first."""
    parent, _ = visible_message(ctx, message_id)
    if parent.thread_parent_id is not None:
        parent, _ = visible_message(ctx, parent.thread_parent_id)
    stmt = (
        select(Message)
        .where(Message.thread_parent_id == parent.id)
        .order_by(Message.created_at, Message.id)
    )
    return parent, list(ctx.session.scalars(stmt))


def _mentions(ctx: Ctx, conv: Conversation, text: str) -> list[str]:
    """The usernames ``text`` mentions; a 422 on ``text`` for one who is not in the workspace."""
    names = mentioned(text)
    for name in names:
        if workspace_user(ctx.session, conv.workspace_id, name) is None:
            raise invalid_field(
                "text",
                f"@{name} is not a member of this workspace; mention one of the people "
                "GET /api/members lists",
            )
    return names


def _new_message(
    ctx: Ctx, conv: Conversation, text: str, files: list[FileUpload], parent_id: int | None
) -> Message:
    message = Message(
        conversation_id=conv.id,
        thread_parent_id=parent_id,
        user_id=ctx.user_id,
        text=text,
        mentions=_mentions(ctx, conv, text),
        created_at=to_naive_utc(ctx.now),
        edited_at=None,
        pinned_at=None,
        pinned_by_id=None,
    )
    ctx.session.add(message)
    ctx.session.flush()
    for upload in files:
        raw = upload.raw()
        ctx.session.add(
            File(
                message_id=message.id,
                filename=upload.filename,
                content_type=upload.content_type,
                size=len(raw),
                content_base64=base64.b64encode(raw).decode(),
            )
        )
    # the author has read their own conversation up to what they wrote
    member = membership(ctx.session, conv.id, ctx.user_id)
    if member is not None and parent_id is None:
        member.last_read_at = message.created_at
    ctx.session.flush()
    return message


def post(ctx: Ctx, conversation_id: int, body: MessageCreate) -> Message:
    conv = writable_conversation(ctx, conversation_id)
    return _new_message(ctx, conv, body.text, body.files, None)


def reply(ctx: Ctx, message_id: int, body: MessageCreate) -> Message:
    parent, conv = visible_message(ctx, message_id)
    if parent.thread_parent_id is not None:
        parent, conv = visible_message(ctx, parent.thread_parent_id)  # a thread has one level
    writable_conversation(ctx, conv.id)
    return _new_message(ctx, conv, body.text, body.files, parent.id)


def own_message(ctx: Ctx, message_id: int, doing: str) -> tuple[Message, Conversation]:
    message, conv = visible_message(ctx, message_id)
    if message.user_id != ctx.user_id:
        raise Forbidden(f"you can only {doing} your own messages; message {message_id} is not")
    refuse_if_archived(conv)
    return message, conv


def edit(ctx: Ctx, message_id: int, body: MessageEdit) -> Message:
    message, conv = own_message(ctx, message_id, "edit")
    message.text = body.text
    message.mentions = _mentions(ctx, conv, body.text)
    message.edited_at = to_naive_utc(ctx.now)
    ctx.session.flush()
    return message


def delete(ctx: Ctx, message_id: int) -> None:
    """Delete a message with its reactions and files (and, for a thread's first message, the
    thread's replies)."""
    message, _ = own_message(ctx, message_id, "delete")
    thread = list(
        ctx.session.scalars(select(Message).where(Message.thread_parent_id == message.id))
    )
    for gone in [*thread, message]:
        for reaction in ctx.session.scalars(select(Reaction).where(Reaction.message_id == gone.id)):
            ctx.session.delete(reaction)
        for file in ctx.session.scalars(select(File).where(File.message_id == gone.id)):
            ctx.session.delete(file)
        ctx.session.flush()
        ctx.session.delete(gone)
        ctx.session.flush()


def _reactable(ctx: Ctx, message_id: int) -> Message:
    message, conv = visible_message(ctx, message_id)
    writable_conversation(ctx, conv.id)
    return message


def react(ctx: Ctx, message_id: int, emoji: str) -> Message:
    """Add the caller's reaction (once per emoji: a second time changes nothing)."""
    message = _reactable(ctx, message_id)
    if _reaction(ctx, message.id, emoji) is None:
        ctx.session.add(Reaction(message_id=message.id, user_id=ctx.user_id, emoji=emoji))
        ctx.session.flush()
    return message


def unreact(ctx: Ctx, message_id: int, emoji: str) -> Message:
    message = _reactable(ctx, message_id)
    found = _reaction(ctx, message.id, emoji)
    if found is None:
        raise NotFound(f"you have no :{emoji}: reaction on message {message_id}")
    ctx.session.delete(found)
    ctx.session.flush()
    return message


def _reaction(ctx: Ctx, message_id: int, emoji: str) -> Reaction | None:
    return ctx.session.scalars(
        select(Reaction).where(
            Reaction.message_id == message_id,
            Reaction.user_id == ctx.user_id,
            Reaction.emoji == emoji,
        )
    ).first()


def set_pinned(ctx: Ctx, message_id: int, pinned: bool) -> Message:
    message, conv = visible_message(ctx, message_id)
    writable_conversation(ctx, conv.id)
    if (message.pinned_at is not None) == pinned:
        raise Conflict(f"message {message_id} is {'already' if pinned else 'not'} pinned")
    message.pinned_at = to_naive_utc(ctx.now) if pinned else None
    message.pinned_by_id = ctx.user_id if pinned else None
    ctx.session.flush()
    return message


def pins(ctx: Ctx, conversation_id: int) -> list[Message]:
    conv = visible_conversation(ctx, conversation_id)
    stmt = select(Message).where(Message.conversation_id == conv.id, Message.pinned_at.is_not(None))
    return list(ctx.session.scalars(stmt.order_by(Message.pinned_at.desc(), Message.id)))


def file_of(ctx: Ctx, file_id: int) -> File:
    return file_with_message(ctx, file_id)[0]


def file_with_message(ctx: Ctx, file_id: int) -> tuple[File, Message, Conversation]:
    """The file, its message and their conversation, if the caller may see it (a file's page
    shows all three: held, a later ``file_of`` finds them in the session)."""
    file = ctx.session.get(File, file_id)
    if file is None:
        raise NotFound(f"no file {file_id}")
    message, conv = visible_message(ctx, file.message_id)
    return file, message, conv
