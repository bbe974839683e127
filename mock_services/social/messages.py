"""Direct messages (the ``conversations`` area): sent, listed by person, marked read; a message
mails the recipient when the seed wires an email service."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import and_, or_, select
from sqlalchemy.sql.elements import ColumnElement

from mock_services.core.base.errors import Conflict, Forbidden, ValidationFailed
from mock_services.core.data.paging import Paging
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail
from mock_services.social.graph import is_blocked_by, is_following, other_user, user_named
from mock_services.social.models import Message, User
from mock_services.social.viewer import now, paged

DEFAULT_SENDER = "notifications@social.example.com"


def send_message(ctx: Ctx, username: str, text: str) -> Message:
    """Send a direct message; mails the recipient when the seed wires an email service."""
    other = other_user(ctx, username, "message")
    if is_blocked_by(ctx.session, other.id, ctx.user_id):
        raise Forbidden(f"@{username} has blocked you: you cannot message them")
    if is_blocked_by(ctx.session, ctx.user_id, other.id):
        raise Conflict(f"you have blocked @{username}: unblock them first")
    if other.messages_from == "following" and not is_following(ctx.session, other.id, ctx.user_id):
        raise Forbidden(f"@{username} accepts messages only from people they follow")
    text = text.strip()
    if not text:
        raise ValidationFailed("a message needs text")
    message = Message(sender_id=ctx.user_id, recipient_id=other.id, text=text, sent_at=now(ctx))
    ctx.session.add(message)
    ctx.session.flush()
    _mail(
        ctx,
        other.email,
        f"New message from {ctx.user.display_name} (@{ctx.user.username})",
        f"Hello {other.display_name},\n\n@{ctx.user.username} sent you a message:\n\n{text}\n",
    )
    return message


def _mail(ctx: Ctx, to: str, subject: str, body: str) -> None:
    target = ctx.runtime.notifications
    if target is None:
        return
    mail = MailDelivery(
        sender=target.sender or DEFAULT_SENDER,
        sender_name="Social",
        to=[to],
        subject=subject,
        body=body,
        labels=["social"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))


def _between(me: int, other: int) -> ColumnElement[bool]:
    return or_(
        and_(Message.sender_id == me, Message.recipient_id == other),
        and_(Message.sender_id == other, Message.recipient_id == me),
    )


def conversation(ctx: Ctx, username: str, paging: Paging) -> tuple[User, list[Message], int]:
    """The messages between the caller and ``username``, newest first."""
    other = user_named(ctx.session, username)
    stmt = (
        select(Message)
        .where(_between(ctx.user_id, other.id))
        .order_by(Message.sent_at.desc(), Message.id.desc())
    )
    rows, total = paged(ctx, stmt, paging)
    return other, rows, total


def mark_conversation_read(ctx: Ctx, username: str) -> int:
    other = user_named(ctx.session, username)
    rows = ctx.session.scalars(
        select(Message).where(
            Message.sender_id == other.id,
            Message.recipient_id == ctx.user_id,
            Message.read_at.is_(None),
        )
    ).all()
    for row in rows:
        row.read_at = now(ctx)
    return len(rows)


@dataclass(frozen=True)
class ConversationSummary:
    other: User
    last: Message
    unread: int


def unread_among(newest_first: Sequence[Message], me: int) -> list[Message]:
    """The messages to ``me`` among ``newest_first`` that are still unread: not marked read, and
    sent after ``me``'s last reply to their sender (a reply answers what came before it, so
    "You: Yes please!" is never followed by "1 unread")."""
    replied: set[int] = set()
    found = []
    for message in newest_first:
        if message.sender_id == me:
            replied.add(message.recipient_id)
        elif message.read_at is None and message.sender_id not in replied:
            found.append(message)
    return found


def conversations(ctx: Ctx) -> list[ConversationSummary]:
    """One entry per person the caller exchanged messages with, latest conversation first."""
    me = ctx.user_id
    rows = ctx.session.scalars(
        select(Message)
        .where(or_(Message.sender_id == me, Message.recipient_id == me))
        .order_by(Message.sent_at.desc(), Message.id.desc())
    ).all()
    last: dict[int, Message] = {}
    unread: dict[int, int] = {}
    for message in unread_among(rows, me):
        unread[message.sender_id] = unread.get(message.sender_id, 0) + 1
    for message in rows:
        last.setdefault(
            message.recipient_id if message.sender_id == me else message.sender_id, message
        )
    users = {u.id: u for u in ctx.session.scalars(select(User).where(User.id.in_(list(last))))}
    return [ConversationSummary(users[uid], m, unread.get(uid, 0)) for uid, m in last.items()]
