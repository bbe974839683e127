"""Who sees and may write where: a public channel is seen by every member of its workspace; a
private channel or a direct message by its members only (to anyone else it does not exist: 404,
never 403); only members post, and an archived channel takes no new messages."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.chat.models import Conversation, Member, Message, User, WorkspaceMember
from mock_services.core.base.errors import Conflict, Forbidden, NotFound, invalid_field
from mock_services.core.spec.api import Ctx


def workspace_ids(session: Session, user_id: int) -> list[int]:
    """The workspaces the user belongs to, in id order."""
    stmt = (
        select(WorkspaceMember.workspace_id)
        .where(WorkspaceMember.user_id == user_id)
        .order_by(WorkspaceMember.workspace_id)
    )
    return list(session.scalars(stmt))


def my_workspace_ids(ctx: Ctx) -> list[int]:
    """The caller's workspaces (``workspace_ids``), read once a request: a page's sidebar, its
    listing and its workspaces each ask."""
    return ctx.once("chat.workspace_ids", lambda: workspace_ids(ctx.session, ctx.user_id))


def home_workspace(ctx: Ctx, workspace_id: int | None) -> int:
    """``workspace_id`` if the caller belongs to it (else 404), or their first workspace."""
    mine = my_workspace_ids(ctx)
    if workspace_id is None:
        if not mine:
            raise NotFound("you belong to no workspace")
        return mine[0]
    if workspace_id not in mine:
        raise NotFound(f"no workspace {workspace_id}; list yours with GET /api/workspaces")
    return workspace_id


def membership(session: Session, conversation_id: int, user_id: int) -> Member | None:
    return session.scalars(
        select(Member).where(Member.conversation_id == conversation_id, Member.user_id == user_id)
    ).first()


def can_see(session: Session, conv: Conversation, user_id: int) -> bool:
    if conv.kind == "public":
        return conv.workspace_id in workspace_ids(session, user_id)
    return membership(session, conv.id, user_id) is not None


def _caller_sees(ctx: Ctx, conv: Conversation) -> bool:
    """``can_see`` for the caller, their workspaces read once a request (a conversation's page
    checks its conversation for the messages, the members and the pins alike)."""
    if conv.kind == "public":
        return conv.workspace_id in my_workspace_ids(ctx)
    return membership(ctx.session, conv.id, ctx.user_id) is not None


def visible_conversation(ctx: Ctx, conversation_id: int) -> Conversation:
    """The conversation, if the caller may see it (404 otherwise, as if there were none)."""
    conv = ctx.session.get(Conversation, conversation_id)
    if conv is None or not _caller_sees(ctx, conv):
        raise NotFound(f"no conversation {conversation_id}; list yours with GET /api/conversations")
    return conv


def writable_conversation(ctx: Ctx, conversation_id: int) -> Conversation:
    """The conversation, if the caller is in it and it is not archived."""
    conv = visible_conversation(ctx, conversation_id)
    if membership(ctx.session, conv.id, ctx.user_id) is None:
        raise Forbidden(
            f"you are not in #{conv.name}; join it first with POST "
            f"/api/conversations/{conv.id}/join"
        )
    refuse_if_archived(conv)
    return conv


def refuse_if_archived(conv: Conversation) -> None:
    if conv.archived:
        raise Conflict(f"#{conv.name} is archived: it takes no new messages or changes")


def visible_message(ctx: Ctx, message_id: int) -> tuple[Message, Conversation]:
    """The message and its conversation, if the caller may see that conversation."""
    message = ctx.session.get(Message, message_id)
    if message is None:
        raise NotFound(f"no message {message_id}")
    conv = ctx.session.get(Conversation, message.conversation_id)
    if conv is None or not _caller_sees(ctx, conv):  # the caller's workspaces read once
        raise NotFound(f"no message {message_id}")
    return message, conv


def workspace_user(session: Session, workspace_id: int, username: str) -> User | None:
    """The user ``username`` (``@`` and case aside) if they belong to the workspace."""
    name = username.strip().lstrip("@").lower()
    return session.scalars(
        select(User)
        .join(WorkspaceMember, WorkspaceMember.user_id == User.id)
        .where(User.username == name, WorkspaceMember.workspace_id == workspace_id)
    ).first()


def workspace_users(
    session: Session, workspace_id: int, usernames: list[str], field: str
) -> list[User]:
    """The users named, each a member of the workspace; a 422 naming ``field`` otherwise."""
    found: list[User] = []
    for i, raw in enumerate(usernames):
        user = workspace_user(session, workspace_id, raw)
        if user is None:
            raise invalid_field(
                f"{field}.{i}",
                f"no member '{raw}' in this workspace; list them with GET /api/members",
            )
        if user not in found:
            found.append(user)
    return found
