"""The Chat REST API, under ``/api``: workspaces and their members, conversations (channels and
direct messages), messages with threads, reactions, files and pins, read marks and search
(every route is an MCP tool too)."""

from __future__ import annotations

import base64

from sqlalchemy import select

from mock_services.chat import conversations, messages, search
from mock_services.chat.access import my_workspace_ids, visible_conversation, visible_message
from mock_services.chat.models import User, Workspace, WorkspaceMember
from mock_services.chat.present import (
    conversation_out,
    file_out,
    message_out,
    message_outs,
    user_out,
    workspace_out,
)
from mock_services.chat.schemas import (
    ChannelCreate,
    ChannelUpdate,
    ConversationOut,
    ConversationPage,
    ConversationQuery,
    DmOpen,
    FileOut,
    InviteRequest,
    MemberQuery,
    MessageCreate,
    MessageEdit,
    MessageOut,
    MessagePage,
    MessageQuery,
    ReactionAdd,
    ReadMark,
    SearchQuery,
    UserOut,
    UserPage,
    WorkspaceList,
)
from mock_services.core.base.errors import NotFound
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import page_answer, page_of_select
from mock_services.core.spec.api import Api, Ctx, FileDownload

api = Api("chat", url_prefix="/api")
_SEEN = (404,)
_WRITE = (403, 404, 409, 422)


# --- Workspaces and people ------------------------------------------------------------------


@api.get("/workspaces", response=WorkspaceList)
def list_workspaces(ctx: Ctx) -> WorkspaceList:
    """The workspaces the caller belongs to."""
    ids = my_workspace_ids(ctx)
    rows = ctx.session.scalars(
        select(Workspace).where(Workspace.id.in_(ids)).order_by(Workspace.id)
    )
    return WorkspaceList(items=[workspace_out(ctx, w) for w in rows])


@api.get("/members", response=UserPage)
def list_members(ctx: Ctx, query: MemberQuery) -> UserPage:
    """The people in the caller's workspaces (display name, title, time zone), by name."""
    spaces = my_workspace_ids(ctx)
    if query.workspace_id is not None:
        spaces = [s for s in spaces if s == query.workspace_id]
    in_spaces = select(WorkspaceMember.user_id).where(WorkspaceMember.workspace_id.in_(spaces))
    stmt = select(User).where(User.id.in_(in_spaces))
    if query.q:
        stmt = stmt.where(
            contains_text(User.display_name, query.q)
            | contains_text(User.username, query.q)
            | contains_text(User.title, query.q)
        )
    found = page_of_select(ctx.session, stmt.order_by(User.display_name, User.id), query)
    return page_answer(UserPage, [user_out(u) for u in found.items], found.total, query)


@api.get("/members/<username>", response=UserOut, errors=_SEEN)
def get_member(ctx: Ctx, username: str) -> UserOut:
    """One person of the caller's workspaces, by username."""
    spaces = my_workspace_ids(ctx)
    user = ctx.session.scalars(
        select(User)
        .join(WorkspaceMember, WorkspaceMember.user_id == User.id)
        .where(User.username == username.lstrip("@").lower())
        .where(WorkspaceMember.workspace_id.in_(spaces))
    ).first()
    if user is None:
        raise NotFound(f"no member '{username}'; list them with GET /api/members")
    return user_out(user)


# --- Conversations ----------------------------------------------------------------------------


@api.get("/conversations", response=ConversationPage)
def list_conversations(ctx: Ctx, query: ConversationQuery) -> ConversationPage:
    """The channels and direct messages the caller sees, channels first by name, each with the
    caller's unread count; public channels they have not joined too (``is_member`` false)."""
    found = conversations.visible(ctx, query)
    items = [conversation_out(ctx, c) for c in found.items]
    return page_answer(ConversationPage, items, found.total, query)


@api.get("/conversations/<int:conversation_id>", response=ConversationOut, errors=_SEEN)
def get_conversation(ctx: Ctx, conversation_id: int) -> ConversationOut:
    """One conversation: topic, purpose, members and the caller's read mark and unread count."""
    return conversation_out(ctx, visible_conversation(ctx, conversation_id))


@api.post("/channels", response=ConversationOut, status=201, errors=(404, 422))
def create_channel(ctx: Ctx, body: ChannelCreate) -> ConversationOut:
    """Create a channel (public, or private: seen by its members only) with the caller in it."""
    return conversation_out(ctx, conversations.create_channel(ctx, body))


@api.patch("/channels/<int:conversation_id>", response=ConversationOut, errors=_WRITE)
def update_channel(ctx: Ctx, conversation_id: int, body: ChannelUpdate) -> ConversationOut:
    """Set a channel's topic or purpose (members only); fields left out stay as they are."""
    return conversation_out(ctx, conversations.update_channel(ctx, conversation_id, body))


@api.post("/conversations/<int:conversation_id>/join", response=ConversationOut, errors=_WRITE)
def join_channel(ctx: Ctx, conversation_id: int) -> ConversationOut:
    """Join a public channel (joining one you are in changes nothing)."""
    return conversation_out(ctx, conversations.join_channel(ctx, conversation_id))


@api.post("/conversations/<int:conversation_id>/leave", response=ConversationOut, errors=_WRITE)
def leave_channel(ctx: Ctx, conversation_id: int) -> ConversationOut:
    """Leave a channel (a private one then disappears from your list)."""
    return conversation_out(ctx, conversations.leave_channel(ctx, conversation_id))


@api.post("/channels/<int:conversation_id>/members", response=ConversationOut, errors=_WRITE)
def invite_to_channel(ctx: Ctx, conversation_id: int, body: InviteRequest) -> ConversationOut:
    """Add people of the workspace to a channel the caller is in."""
    return conversation_out(ctx, conversations.invite(ctx, conversation_id, body))


@api.post("/channels/<int:conversation_id>/archive", response=ConversationOut, errors=_WRITE)
def archive_channel(ctx: Ctx, conversation_id: int) -> ConversationOut:
    """Archive a channel the caller is in: it stays readable and takes no new messages."""
    return conversation_out(ctx, conversations.set_archived(ctx, conversation_id, True))


@api.post("/channels/<int:conversation_id>/unarchive", response=ConversationOut, errors=_WRITE)
def unarchive_channel(ctx: Ctx, conversation_id: int) -> ConversationOut:
    """Bring an archived channel back."""
    return conversation_out(ctx, conversations.set_archived(ctx, conversation_id, False))


@api.post("/dms", response=ConversationOut, errors=(404, 422))
def open_dm(ctx: Ctx, body: DmOpen) -> ConversationOut:
    """Open the direct message between the caller and these people (one or a group): the same
    people always get the same conversation, made on the first call."""
    conv, _ = conversations.open_dm(ctx, body)
    return conversation_out(ctx, conv)


@api.post("/conversations/<int:conversation_id>/read", response=ConversationOut, errors=_WRITE)
def mark_read(ctx: Ctx, conversation_id: int, body: ReadMark) -> ConversationOut:
    """Mark a conversation read up to a message (default: its latest); naming an earlier
    message marks what follows it unread again."""
    return conversation_out(ctx, conversations.mark_read(ctx, conversation_id, body))


@api.get("/conversations/<int:conversation_id>/pins", response=MessagePage, errors=_SEEN)
def list_pins(ctx: Ctx, conversation_id: int) -> MessagePage:
    """The conversation's pinned messages, last pinned first."""
    pinned = messages.pins(ctx, conversation_id)
    items = message_outs(ctx, pinned)
    return MessagePage(items=items, total=len(items), page=1, per_page=max(1, len(items)))


# --- Messages ----------------------------------------------------------------------------------


@api.get("/conversations/<int:conversation_id>/messages", response=MessagePage, errors=_SEEN)
def list_messages(ctx: Ctx, conversation_id: int, query: MessageQuery) -> MessagePage:
    """A conversation's messages, newest first (thread replies are in list_replies)."""
    found = messages.history(ctx, conversation_id, query)
    items = message_outs(ctx, found.items)
    return page_answer(MessagePage, items, found.total, query)


@api.post(
    "/conversations/<int:conversation_id>/messages", response=MessageOut, status=201, errors=_WRITE
)
def post_message(ctx: Ctx, conversation_id: int, body: MessageCreate) -> MessageOut:
    """Post a message in a conversation the caller is in, with files if any; '@username' in the
    text mentions a member of the workspace (anyone else is refused with 422)."""
    return message_out(ctx, messages.post(ctx, conversation_id, body))


@api.get("/messages/<int:message_id>", response=MessageOut, errors=_SEEN)
def get_message(ctx: Ctx, message_id: int) -> MessageOut:
    """One message, with its reply count, reactions, files and pin."""
    message, _ = visible_message(ctx, message_id)
    return message_out(ctx, message)


@api.patch("/messages/<int:message_id>", response=MessageOut, errors=_WRITE)
def edit_message(ctx: Ctx, message_id: int, body: MessageEdit) -> MessageOut:
    """Change the text of one of the caller's own messages (marked edited)."""
    return message_out(ctx, messages.edit(ctx, message_id, body))


@api.delete("/messages/<int:message_id>", status=204, errors=_WRITE)
def delete_message(ctx: Ctx, message_id: int) -> None:
    """Delete one of the caller's own messages, with its reactions, files and thread replies."""
    messages.delete(ctx, message_id)


@api.get("/messages/<int:message_id>/replies", response=MessagePage, errors=_SEEN)
def list_replies(ctx: Ctx, message_id: int) -> MessagePage:
    """A message's thread: its replies, oldest first."""
    _, thread = messages.replies(ctx, message_id)
    items = message_outs(ctx, thread)
    return MessagePage(items=items, total=len(items), page=1, per_page=max(1, len(items)))


@api.post("/messages/<int:message_id>/replies", response=MessageOut, status=201, errors=_WRITE)
def reply_to_message(ctx: Ctx, message_id: int, body: MessageCreate) -> MessageOut:
    """Reply in a message's thread (a reply to a reply goes to the same thread)."""
    return message_out(ctx, messages.reply(ctx, message_id, body))


@api.post("/messages/<int:message_id>/reactions", response=MessageOut, errors=_WRITE)
def add_reaction(ctx: Ctx, message_id: int, body: ReactionAdd) -> MessageOut:
    """React to a message with an emoji name (once per person and emoji)."""
    return message_out(ctx, messages.react(ctx, message_id, body.emoji))


@api.delete("/messages/<int:message_id>/reactions/<emoji>", response=MessageOut, errors=_WRITE)
def remove_reaction(ctx: Ctx, message_id: int, emoji: str) -> MessageOut:
    """Take back the caller's reaction with this emoji."""
    return message_out(ctx, messages.unreact(ctx, message_id, emoji))


@api.post("/messages/<int:message_id>/pin", response=MessageOut, errors=_WRITE)
def pin_message(ctx: Ctx, message_id: int) -> MessageOut:
    """Pin a message to its conversation (members only)."""
    return message_out(ctx, messages.set_pinned(ctx, message_id, True))


@api.delete("/messages/<int:message_id>/pin", response=MessageOut, errors=_WRITE)
def unpin_message(ctx: Ctx, message_id: int) -> MessageOut:
    """Unpin a message."""
    return message_out(ctx, messages.set_pinned(ctx, message_id, False))


@api.get("/files/<int:file_id>", response=FileOut, errors=_SEEN)
def get_file(ctx: Ctx, file_id: int) -> FileOut:
    """A file's name, media type and size."""
    return file_out(messages.file_of(ctx, file_id))


@api.get("/files/<int:file_id>/content", response=FileDownload, errors=_SEEN)
def download_file(ctx: Ctx, file_id: int) -> FileDownload:
    """The file itself."""
    return file_download(ctx, file_id)


def file_download(ctx: Ctx, file_id: int) -> FileDownload:
    """The file ``download_file`` answers (the UI's file links too)."""
    file = messages.file_of(ctx, file_id)
    return FileDownload(base64.b64decode(file.content_base64), file.content_type, file.filename)


@api.get("/search", response=MessagePage, errors=(422,))
def search_messages(ctx: Ctx, query: SearchQuery) -> MessagePage:
    """Messages and replies the caller can see, newest first: words, and 'from:@bob',
    'in:#general', 'after:2026-03-01', 'before:2026-03-05' (days in the caller's zone)."""
    found = search.search(ctx, query)
    items = message_outs(ctx, found.items)
    return page_answer(MessagePage, items, found.total, query)
