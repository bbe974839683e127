"""The messages, threads and trash areas: search and read your mail, send, reply, forward,
flags, moves, labels on messages, trash and restore, bulk actions."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from types import SimpleNamespace
from typing import Any

from sqlalchemy import String, and_, cast, exists, func, or_, select
from sqlalchemy.orm import selectinload

from mock_services.core.base.access import check_owner, owned
from mock_services.core.base.clock import local_moment, to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, Paging, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.email.addresses import parse_addresses
from mock_services.email.attachments import NewAttachment
from mock_services.email.folders import folder_named, folders_of
from mock_services.email.labels import label_named
from mock_services.email.mailer import Sent, new_message, prefixed, send_prepared, with_signature
from mock_services.email.models import Attachment, Folder, Message, MessageLabel, User


def get_message(ctx: Ctx, message_id: int) -> Message:
    return owned(ctx.session, Message, message_id, ctx.user_id, kind="message")


MESSAGE_ROWS = (
    "SELECT m.*, f.name AS folder_name, o.name AS original_folder_name, json_object("
    "'to', json(m.to_addresses), 'cc', json(m.cc_addresses), 'bcc', json(m.bcc_addresses), "
    "'references', json(m.reference_ids), "
    "'labels', (SELECT json_group_array(l.name) FROM message_labels ml "
    "JOIN labels l ON l.id = ml.label_id WHERE ml.message_id = m.id), "
    "'attachments', (SELECT json_group_array(json_object('id', a.id, 'filename', a.filename, "
    "'content_type', a.content_type, 'size', a.size)) FROM attachments a "
    "WHERE a.message_id = m.id)) AS lists "
    "FROM messages m JOIN folders f ON f.id = m.folder_id "
    "LEFT JOIN folders o ON o.id = m.original_folder_id"
)
"""A message with its folders' names and, in one JSON object ``lists`` (read once), its
recipients, references, label names and attachments: what the API answers with (see
``api.detail_out``)."""


def message_row(ctx: Ctx, message_id: int) -> sqlite3.Row:
    """The caller's message ``message_id`` as a ``MESSAGE_ROWS`` row: 404 if there is none,
    403 if it is another account's."""
    row = ctx.db.one(f"{MESSAGE_ROWS} WHERE m.id = ?", (message_id,))
    owner = SimpleNamespace(owner_id=row["owner_id"]) if row else None
    check_owner(owner, ctx.user_id, kind="message", row_id=message_id)
    assert row is not None  # check_owner raised NotFound otherwise
    return row


def message_rows(ctx: Ctx, messages: Sequence[Message]) -> list[sqlite3.Row]:
    """``messages`` (read or changed through the ORM) as ``MESSAGE_ROWS`` rows, in their order."""
    ids = [m.id for m in messages]
    rows = ctx.db.all(f"{MESSAGE_ROWS} WHERE m.id IN ({', '.join('?' * len(ids))})", ids)
    by_id = {row["id"]: row for row in rows}
    return [by_id[i] for i in ids]


@dataclass
class SearchFilters:
    folder: str | None = None
    q: str | None = None
    sender: str | None = None
    recipient: str | None = None
    subject: str | None = None
    unread: bool | None = None
    starred: bool | None = None
    label: str | None = None
    has_attachment: bool | None = None
    after: datetime | None = None
    before: datetime | None = None
    sort: str = "newest"
    extra: dict[str, Any] = field(default_factory=dict)


def search_messages(ctx: Ctx, filters: SearchFilters, paging: Paging) -> Page[Message]:
    """One page of the caller's messages matching ``filters``, in the order they ask for."""
    conditions: list[Any] = [Message.owner_id == ctx.user_id]
    if filters.folder:
        conditions.append(Message.folder_id == folder_named(ctx, filters.folder).id)
    else:
        hidden = [f.id for f in folders_of(ctx) if f.name in ("trash", "spam")]
        conditions.append(Message.folder_id.not_in(hidden))
    if filters.q and filters.q.strip():
        text = filters.q.strip()
        conditions.append(
            or_(
                contains_text(Message.subject, text),
                contains_text(Message.body, text),
                contains_text(Message.from_address, text),
                contains_text(func.coalesce(Message.from_name, ""), text),
                contains_text(cast(Message.to_addresses, String), text),
                contains_text(cast(Message.cc_addresses, String), text),
            )
        )
    if filters.sender:
        conditions.append(
            or_(
                contains_text(Message.from_address, filters.sender),
                contains_text(func.coalesce(Message.from_name, ""), filters.sender),
            )
        )
    if filters.recipient:
        conditions.append(
            or_(
                contains_text(cast(Message.to_addresses, String), filters.recipient),
                contains_text(cast(Message.cc_addresses, String), filters.recipient),
                contains_text(cast(Message.bcc_addresses, String), filters.recipient),
            )
        )
    if filters.subject:
        conditions.append(contains_text(Message.subject, filters.subject))
    if filters.unread is not None:
        conditions.append(Message.is_read.is_(not filters.unread))
    if filters.starred is not None:
        conditions.append(Message.is_starred.is_(filters.starred))
    if filters.label:
        label = label_named(ctx, filters.label)
        conditions.append(
            exists().where(
                and_(MessageLabel.message_id == Message.id, MessageLabel.label_id == label.id)
            )
        )
    if filters.has_attachment is not None:
        has = exists().where(Attachment.message_id == Message.id)
        conditions.append(has if filters.has_attachment else ~has)
    if filters.after is not None:
        conditions.append(Message.date >= to_naive_utc(filters.after))
    if filters.before is not None:
        conditions.append(Message.date < to_naive_utc(filters.before))
    order = (
        (Message.date.desc(), Message.id.desc())
        if filters.sort == "newest"
        else (Message.date.asc(), Message.id.asc())
    )
    return page_of_select(ctx.session, select(Message).where(*conditions).order_by(*order), paging)


def thread_rows(ctx: Ctx, thread_id: str) -> list[sqlite3.Row]:
    """The caller's messages of a thread, oldest first, as ``MESSAGE_ROWS`` rows."""
    rows = ctx.db.all(
        f"{MESSAGE_ROWS} WHERE m.owner_id = ? AND m.thread_id = ? ORDER BY m.date, m.id",
        (ctx.user_id, thread_id),
    )
    if not rows:
        raise NotFound(f"no thread {thread_id!r} in your mailbox")
    return rows


def label_names(message: Message) -> list[str]:
    return sorted((link.label.name for link in message.label_links), key=str.lower)


def snippet(body: str) -> str:
    text = " ".join(body.split())
    return text if len(text) <= 120 else text[:117] + "..."


def send_message(
    ctx: Ctx,
    *,
    to: Sequence[str],
    cc: Sequence[str] = (),
    bcc: Sequence[str] = (),
    subject: str = "",
    body: str = "",
    body_html: str | None = None,
    attachments: Sequence[NewAttachment | Attachment] = (),
    parent: Message | None = None,
    as_reply: bool = True,
) -> Sent:
    """Send a new mail: a copy in the sender's ``sent``, one in each local recipient's inbox."""
    to_list, cc_list, bcc_list = (
        parse_addresses(to, "to"),
        parse_addresses(cc, "cc"),
        parse_addresses(bcc, "bcc"),
    )
    if not (to_list or cc_list or bcc_list):
        raise ValidationFailed("to: give at least one recipient (in to, cc or bcc)")
    user: User = ctx.user
    sent_folder = folder_named(ctx, "sent")
    threading: dict[str, Any] = {}
    if parent is not None:
        threading = {
            "thread_id": parent.thread_id,
            "in_reply_to": parent.message_id if as_reply else None,
            "references": [*parent.references, parent.message_id],
        }
    message = new_message(
        ctx.session,
        owner_id=user.id,
        folder_id=sent_folder.id,
        from_address=user.email.lower(),
        from_name=user.display_name,
        to_addresses=to_list,
        cc_addresses=cc_list,
        bcc_addresses=bcc_list,
        subject=subject,
        body=body,
        body_html=body_html,
        date=to_naive_utc(ctx.now),
        is_read=True,
        is_starred=False,
        attachments=list(attachments),
        **threading,
    )
    return send_prepared(ctx.session, message)


def quoted(message: Message, zone: tzinfo) -> str:
    """``message`` quoted under its "On <date> at <time> <zone>, <sender> wrote:" line, the
    time in ``zone`` (the task's, as the pages' "Today") and named."""
    who = (
        f"{message.from_name} <{message.from_address}>"
        if message.from_name
        else message.from_address
    )
    local = local_moment(message.date, zone)
    when = local.strftime("%a, %d %b %Y at %H:%M %Z")
    lines = "\n".join(f"> {line}" if line else ">" for line in message.body.splitlines())
    return f"On {when}, {who} wrote:\n{lines}"


def reply_recipients(user: User, message: Message, reply_all: bool) -> tuple[list[str], list[str]]:
    """Who a reply goes to: the sender (or, on your own mail, its recipients); never yourself."""
    me = user.email.lower()
    if message.from_address == me:
        to = list(message.to_addresses)
        cc = list(message.cc_addresses) if reply_all else []
    else:
        to = [message.from_address]
        cc = []
        if reply_all:
            to += [a for a in message.to_addresses if a not in to]
            cc = list(message.cc_addresses)
    to = [a for a in dict.fromkeys(to) if a != me]
    cc = [a for a in dict.fromkeys(cc) if a != me and a not in to]
    if not to and not cc:
        to = [message.from_address]
    return to, cc


def reply(
    ctx: Ctx,
    message: Message,
    *,
    body: str,
    body_html: str | None = None,
    reply_all: bool = False,
    cc: Sequence[str] = (),
    bcc: Sequence[str] = (),
    quote: bool = False,
    attachments: Sequence[NewAttachment] = (),
    append_signature: bool = False,
) -> Sent:
    """Reply (to all); ``cc`` joins the computed cc, ``bcc`` gets a blind copy."""
    if message.folder.name == "drafts":
        raise Conflict(f"message {message.id} is a draft; send or edit it instead of replying")
    extra_cc, bcc_list = parse_addresses(cc, "cc"), parse_addresses(bcc, "bcc")
    to, computed_cc = reply_recipients(ctx.user, message, reply_all)
    cc_list = [a for a in dict.fromkeys([*computed_cc, *extra_cc]) if a not in to]
    text = with_signature(ctx.user, body, append_signature)
    if quote:
        quote_text = quoted(message, ctx.runtime.clock.tz)
        text = f"{text.rstrip()}\n\n{quote_text}" if text.strip() else quote_text
    return send_message(
        ctx,
        to=to,
        cc=cc_list,
        bcc=bcc_list,
        subject=prefixed("Re:", message.subject),
        body=text,
        body_html=body_html,
        attachments=attachments,
        parent=message,
    )


def forward(
    ctx: Ctx,
    message: Message,
    *,
    to: Sequence[str],
    cc: Sequence[str] = (),
    bcc: Sequence[str] = (),
    body: str = "",
    include_attachments: bool = True,
    append_signature: bool = False,
) -> Sent:
    if message.folder.name == "drafts":
        raise Conflict(f"message {message.id} is a draft; send it before forwarding")
    who = (
        f"{message.from_name} <{message.from_address}>"
        if message.from_name
        else message.from_address
    )
    header = "\n".join(
        [
            "---------- Forwarded message ---------",
            f"From: {who}",
            f"Date: {message.date.strftime('%a, %d %b %Y at %H:%M')}",
            f"Subject: {message.subject}",
            f"To: {', '.join(message.to_addresses)}",
        ]
        + ([f"Cc: {', '.join(message.cc_addresses)}"] if message.cc_addresses else [])
    )
    note = with_signature(ctx.user, body, append_signature)
    text = (
        f"{note.rstrip()}\n\n{header}\n\n{message.body}"
        if note.strip()
        else (f"{header}\n\n{message.body}")
    )
    return send_message(
        ctx,
        to=to,
        cc=cc,
        bcc=bcc,
        subject=prefixed("Fwd:", message.subject, "Fw:"),
        body=text,
        attachments=list(message.attachments) if include_attachments else [],
        parent=message,
        as_reply=False,
    )


def set_flags(message: Message, read: bool | None = None, starred: bool | None = None) -> Message:
    if read is not None:
        message.is_read = read
    if starred is not None:
        message.is_starred = starred
    return message


def move_message(ctx: Ctx, message: Message, folder_name: str) -> Message:
    target = folder_named(ctx, folder_name)
    current = message.folder
    if target.id == current.id:
        return message
    if target.name == "trash":
        return trash_message(ctx, message)
    if current.name == "drafts":
        raise Conflict(
            f"message {message.id} is a draft; send it or delete it, drafts cannot be moved"
        )
    if target.name == "drafts":
        raise Conflict("only new drafts go to 'drafts'; create one with POST /api/drafts")
    if target.name == "sent" and message.from_address != ctx.user.email.lower():
        raise Conflict("only mail you sent can be put in 'sent'")
    message.folder_id = target.id
    message.folder = target
    message.original_folder_id = None
    return message


def trash_message(ctx: Ctx, message: Message) -> Message:
    if message.folder.name == "trash":
        raise Conflict(
            f"message {message.id} is already in trash; use DELETE "
            f"/api/messages/{message.id}/forever to delete it for good"
        )
    trash = folder_named(ctx, "trash")
    message.original_folder_id = message.folder_id
    message.folder_id = trash.id
    message.folder = trash
    return message


def restore_message(ctx: Ctx, message: Message) -> Message:
    if message.folder.name != "trash":
        raise Conflict(f"message {message.id} is not in trash (it is in {message.folder.name!r})")
    target = (
        ctx.session.get(Folder, message.original_folder_id) if message.original_folder_id else None
    ) or folder_named(ctx, "inbox")
    message.folder_id = target.id
    message.folder = target
    message.original_folder_id = None
    return message


def delete_forever(ctx: Ctx, message: Message) -> None:
    if message.folder.name != "trash":
        raise Conflict(
            f"message {message.id} is in {message.folder.name!r}; only messages in trash can be "
            f"deleted forever (DELETE /api/messages/{message.id} moves it to trash first)"
        )
    ctx.session.delete(message)


def empty_trash(ctx: Ctx) -> int:
    trash = folder_named(ctx, "trash")
    messages = ctx.session.scalars(select(Message).where(Message.folder_id == trash.id)).all()
    for message in messages:
        ctx.session.delete(message)
    return len(messages)


def add_label(ctx: Ctx, message: Message, name: str) -> Message:
    label = label_named(ctx, name)
    if all(link.label_id != label.id for link in message.label_links):
        message.label_links.append(MessageLabel(label_id=label.id, label=label))
        ctx.session.flush()
    return message


def remove_label(ctx: Ctx, message: Message, name: str) -> Message:
    label = label_named(ctx, name)
    for link in list(message.label_links):
        if link.label_id == label.id:
            message.label_links.remove(link)
    ctx.session.flush()
    return message


def bulk(
    ctx: Ctx, ids: Sequence[int], action: str, folder: str | None, label: str | None
) -> list[int]:
    """Apply one action to several messages, all or nothing."""
    if action == "move" and not folder:
        raise ValidationFailed("folder: the 'move' action needs a target folder")
    if action in ("add_label", "remove_label") and not label:
        raise ValidationFailed(f"label: the {action!r} action needs a label name")
    unique = list(dict.fromkeys(ids))
    messages = [get_message(ctx, i) for i in unique]
    for message in messages:
        if action in ("read", "unread"):
            set_flags(message, read=action == "read")
        elif action in ("star", "unstar"):
            set_flags(message, starred=action == "star")
        elif action == "move":
            move_message(ctx, message, folder or "")
        elif action == "archive":
            move_message(ctx, message, "archive")
        elif action == "trash":
            trash_message(ctx, message)
        elif action == "restore":
            restore_message(ctx, message)
        elif action == "delete_forever":
            delete_forever(ctx, message)
        elif action == "add_label":
            add_label(ctx, message, label or "")
        elif action == "remove_label":
            remove_label(ctx, message, label or "")
    ctx.session.flush()
    return unique


def with_parts(ctx: Ctx, found: list[Message]) -> list[Message]:
    """``found`` with each message's labels and attachments loaded, two statements for the
    whole list: a page of the mailbox shows them on every row (an API list reads them as plain
    rows, ``message_rows``)."""
    if found:
        ctx.session.scalars(
            select(Message)
            .where(Message.id.in_([m.id for m in found]))
            .options(selectinload(Message.attachments), selectinload(Message.label_links))
        ).all()
    return found
