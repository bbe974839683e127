"""The email service's rules, shared by the JSON API and the web UI.

What acts for the caller takes the request's ``Ctx`` (session, clock, caller); helpers that work
on any mailbox (delivery drops copies into other accounts' inboxes) take the session and the
mailbox owner's id. Failures are ``ApiError``s in plain words.
"""

from __future__ import annotations

import base64
import binascii
import re
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from email.utils import parseaddr
from types import SimpleNamespace
from typing import Any

from sqlalchemy import String, and_, case, cast, exists, func, or_, select
from sqlalchemy.orm import Session

from mock_services.core.base.access import check_owner, owned
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, Paging, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.email.models import (
    SYSTEM_FOLDERS,
    Attachment,
    Contact,
    Folder,
    Label,
    Message,
    MessageLabel,
    User,
)
from mock_services.email.seed import default_message_id, default_thread_id

ADDRESS = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024


# --- addresses and attachments ----------------------------------------------------------------


def parse_address(value: str, where: str) -> str:
    """``'bob@x.test'`` or ``'Bob <bob@x.test>'`` -> ``'bob@x.test'``; 422 naming the field."""
    _name, address = parseaddr(value.strip()) if isinstance(value, str) else ("", "")
    address = address.strip().lower()
    if not address or len(address) > 254 or not ADDRESS.match(address):
        raise ValidationFailed(
            f"{where}: {value!r} is not a valid email address (expected name@domain.tld)",
            details=[{"loc": ["body", *where.replace("[", ".").rstrip("]").split(".")]}],
        )
    return address


def parse_addresses(values: Iterable[str], field_name: str) -> list[str]:
    """Valid, lower-cased, de-duplicated addresses of one field (to, cc or bcc)."""
    result: list[str] = []
    for i, value in enumerate(values):
        address = parse_address(value, f"{field_name}[{i}]")
        if address not in result:
            result.append(address)
    return result


@dataclass
class NewAttachment:
    filename: str
    content_type: str
    content_base64: str
    size: int


def decode_attachments(items: Sequence[Any]) -> list[NewAttachment]:
    """Validate uploaded attachments (``filename``, ``content_type``, ``content_base64``)."""
    result = []
    for i, item in enumerate(items):
        try:
            raw = base64.b64decode(item.content_base64, validate=True)
        except (binascii.Error, ValueError):
            raise ValidationFailed(
                f"attachments[{i}].content_base64: not valid base64 (standard alphabet, padded)"
            ) from None
        if len(raw) > MAX_ATTACHMENT_BYTES:
            raise ValidationFailed(
                f"attachments[{i}]: {item.filename!r} is {len(raw)} bytes; the limit is "
                f"{MAX_ATTACHMENT_BYTES} bytes"
            )
        result.append(
            NewAttachment(
                filename=item.filename,
                content_type=item.content_type,
                content_base64=base64.b64encode(raw).decode(),
                size=len(raw),
            )
        )
    return result


def _copy_attachments(source: Iterable[Attachment | NewAttachment]) -> list[Attachment]:
    return [
        Attachment(
            filename=a.filename,
            content_type=a.content_type,
            size=a.size,
            content_base64=a.content_base64,
        )
        for a in source
    ]


# --- accounts ---------------------------------------------------------------------------------


def update_account(ctx: Ctx, fields: dict[str, Any]) -> User:
    user: User = ctx.user
    if fields.get("display_name", "") is None:
        raise ValidationFailed("display_name: cannot be null")
    if "display_name" in fields:
        if not fields["display_name"].strip():
            raise ValidationFailed("display_name: cannot be blank")
        user.display_name = fields["display_name"].strip()
    if "signature" in fields:
        user.signature = fields["signature"] or ""
    return user


def local_user(session: Session, address: str) -> User | None:
    return session.scalar(select(User).where(User.email == address.strip().lower()))


def directory(session: Session, q: str) -> list[User]:
    """Local accounts whose address, username or a word of the name starts with ``q``."""
    users = session.scalars(select(User).order_by(User.display_name, User.id)).all()
    prefix = q.strip().lower()
    if not prefix:
        return list(users)
    return [
        u
        for u in users
        if u.email.lower().startswith(prefix)
        or u.username.lower().startswith(prefix)
        or u.display_name.lower().startswith(prefix)
        or any(word.startswith(prefix) for word in u.display_name.lower().split())
    ]


# --- folders ----------------------------------------------------------------------------------


def folders_of(ctx: Ctx) -> list[Folder]:
    """System folders in their usual order, then custom folders by name."""
    folders = ctx.session.scalars(select(Folder).where(Folder.owner_id == ctx.user_id)).all()
    order = {name: i for i, name in enumerate(SYSTEM_FOLDERS)}
    return sorted(
        folders, key=lambda f: (0, order[f.name], "") if f.is_system else (1, 0, f.name.lower())
    )


def folder_counts(ctx: Ctx) -> dict[int, tuple[int, int]]:
    rows = ctx.session.execute(
        select(
            Message.folder_id,
            func.count(Message.id),
            func.sum(case((Message.is_read, 0), else_=1)),
        )
        .where(Message.owner_id == ctx.user_id)
        .group_by(Message.folder_id)
    ).all()
    return {folder_id: (total, int(unread or 0)) for folder_id, total, unread in rows}


def _same_name(rows: Iterable[Any], name: str) -> Any:
    """The row whose ``name`` equals ``name`` ignoring case (Unicode-aware, unlike SQL lower())."""
    wanted = name.casefold()
    return next((row for row in rows if row.name.casefold() == wanted), None)


def _find_folder(session: Session, owner_id: int, name: str) -> Folder | None:
    return _same_name(
        session.scalars(select(Folder).where(Folder.owner_id == owner_id)), name.strip()
    )


def folder_named(ctx: Ctx, name: str) -> Folder:
    folder = _find_folder(ctx.session, ctx.user_id, name)
    if folder is None:
        known = ", ".join(repr(f.name) for f in folders_of(ctx))
        raise NotFound(f"no folder named {name!r}; your folders are: {known}")
    return folder


def get_folder(ctx: Ctx, folder_id: int) -> Folder:
    return owned(ctx.session, Folder, folder_id, ctx.user_id, kind="folder")


def _check_folder_name(ctx: Ctx, name: str, *, exclude: int = 0) -> str:
    name = name.strip()
    if not name:
        raise ValidationFailed("name: a folder name cannot be blank")
    if "/" in name:
        raise ValidationFailed(f"name: {name!r} contains '/'; folders cannot be nested")
    if name.casefold() in SYSTEM_FOLDERS:
        raise Conflict(f"{name!r} is a system folder name; choose another name")
    clash = _same_name(
        ctx.session.scalars(
            select(Folder).where(Folder.owner_id == ctx.user_id, Folder.id != exclude)
        ),
        name,
    )
    if clash is not None:
        raise Conflict(f"you already have a folder named {clash.name!r}")
    return name


def create_folder(ctx: Ctx, name: str) -> Folder:
    folder = Folder(owner_id=ctx.user_id, name=_check_folder_name(ctx, name), is_system=False)
    ctx.session.add(folder)
    ctx.session.flush()
    return folder


def rename_folder(ctx: Ctx, folder_id: int, name: str) -> Folder:
    folder = get_folder(ctx, folder_id)
    if folder.is_system:
        raise Conflict(f"{folder.name!r} is a system folder; it cannot be renamed")
    folder.name = _check_folder_name(ctx, name, exclude=folder.id)
    return folder


def delete_folder(ctx: Ctx, folder_id: int, move_to_inbox: bool) -> None:
    session = ctx.session
    folder = get_folder(ctx, folder_id)
    if folder.is_system:
        raise Conflict(f"{folder.name!r} is a system folder; it cannot be deleted")
    inside = session.scalars(select(Message).where(Message.folder_id == folder.id)).all()
    if inside and not move_to_inbox:
        raise Conflict(
            f"folder {folder.name!r} holds {len(inside)} message(s); move them first or pass "
            "move_messages_to_inbox=true"
        )
    inbox = folder_named(ctx, "inbox")
    for message in inside:
        message.folder_id = inbox.id
    for message in session.scalars(select(Message).where(Message.original_folder_id == folder.id)):
        message.original_folder_id = inbox.id
    session.flush()
    session.delete(folder)


# --- labels -----------------------------------------------------------------------------------


def labels_of(ctx: Ctx) -> list[Label]:
    return list(
        ctx.session.scalars(
            select(Label).where(Label.owner_id == ctx.user_id).order_by(func.lower(Label.name))
        )
    )


def label_counts(ctx: Ctx) -> dict[int, int]:
    rows = ctx.session.execute(
        select(MessageLabel.label_id, func.count())
        .join(Label, Label.id == MessageLabel.label_id)
        .where(Label.owner_id == ctx.user_id)
        .group_by(MessageLabel.label_id)
    ).all()
    return dict(rows)


def get_label(ctx: Ctx, label_id: int) -> Label:
    return owned(ctx.session, Label, label_id, ctx.user_id, kind="label")


def _find_label(session: Session, owner_id: int, name: str) -> Label | None:
    return _same_name(
        session.scalars(select(Label).where(Label.owner_id == owner_id)), name.strip()
    )


def label_named(ctx: Ctx, name: str) -> Label:
    label = _find_label(ctx.session, ctx.user_id, name)
    if label is None:
        known = ", ".join(repr(lab.name) for lab in labels_of(ctx)) or "none yet"
        raise NotFound(f"no label named {name!r}; your labels are: {known}")
    return label


def _check_label_name(session: Session, owner_id: int, name: str, *, exclude: int = 0) -> str:
    name = name.strip()
    if not name:
        raise ValidationFailed("name: a label name cannot be blank")
    clash = _same_name(
        session.scalars(select(Label).where(Label.owner_id == owner_id, Label.id != exclude)),
        name,
    )
    if clash is not None:
        raise Conflict(f"you already have a label named {clash.name!r}")
    return name


def _new_label(session: Session, owner_id: int, name: str, color: str | None) -> Label:
    label = Label(owner_id=owner_id, name=_check_label_name(session, owner_id, name), color=color)
    session.add(label)
    session.flush()
    return label


def create_label(ctx: Ctx, name: str, color: str | None) -> Label:
    return _new_label(ctx.session, ctx.user_id, name, color)


def update_label(ctx: Ctx, label_id: int, fields: dict[str, Any]) -> Label:
    label = get_label(ctx, label_id)
    if "name" in fields:
        if fields["name"] is None:
            raise ValidationFailed("name: cannot be null")
        label.name = _check_label_name(ctx.session, ctx.user_id, fields["name"], exclude=label.id)
    if "color" in fields:
        label.color = fields["color"]
    return label


def delete_label(ctx: Ctx, label_id: int) -> None:
    label = get_label(ctx, label_id)
    for link in ctx.session.scalars(select(MessageLabel).where(MessageLabel.label_id == label.id)):
        ctx.session.delete(link)
    ctx.session.flush()
    ctx.session.delete(label)


# --- reading messages -------------------------------------------------------------------------


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


# --- composing and delivering -----------------------------------------------------------------


def _next_message_id(session: Session) -> int:
    return (session.scalar(select(func.max(Message.id))) or 0) + 1


def _new_message(session: Session, **values: Any) -> Message:
    """Insert a message with an explicit id (its default thread and Message-ID derive from it)."""
    row_id = _next_message_id(session)
    values.setdefault("thread_id", default_thread_id(row_id))
    values.setdefault("message_id", default_message_id(row_id))
    attachments = values.pop("attachments", [])
    message = Message(id=row_id, **values)
    message.attachments = _copy_attachments(attachments)
    session.add(message)
    session.flush()
    return message


def _with_signature(user: User, body: str, append: bool) -> str:
    if append and user.signature:
        return f"{body.rstrip()}\n\n-- \n{user.signature}" if body.strip() else user.signature
    return body


@dataclass
class Sent:
    message: Message
    delivered_to: list[str]
    external: list[str]


def deliver(
    session: Session,
    message: Message,
    recipients: Sequence[str],
    *,
    labels: Sequence[str] = (),
) -> tuple[list[str], list[str], list[Message]]:
    """Drop a copy of ``message`` in each local recipient's inbox (the bcc list hidden)."""
    delivered, external, copies = [], [], []
    for address in recipients:
        owner = local_user(session, address)
        if owner is None:
            external.append(address)
            continue
        inbox = _find_folder(session, owner.id, "inbox")
        assert inbox is not None  # every account has its system folders
        copy = _new_message(
            session,
            owner_id=owner.id,
            folder_id=inbox.id,
            thread_id=message.thread_id,
            message_id=message.message_id,
            in_reply_to=message.in_reply_to,
            references=list(message.references),
            from_address=message.from_address,
            from_name=message.from_name,
            to_addresses=list(message.to_addresses),
            cc_addresses=list(message.cc_addresses),
            bcc_addresses=[],
            subject=message.subject,
            body=message.body,
            body_html=message.body_html,
            date=message.date,
            is_read=False,
            is_starred=False,
            attachments=list(message.attachments),
        )
        for name in labels:
            label = _find_label(session, owner.id, name) or _new_label(
                session, owner.id, name, None
            )
            session.add(MessageLabel(message_id=copy.id, label_id=label.id))
        delivered.append(address)
        copies.append(copy)
    return delivered, external, copies


def _recipients(message: Message) -> list[str]:
    seen: list[str] = []
    for address in [*message.to_addresses, *message.cc_addresses, *message.bcc_addresses]:
        if address not in seen:
            seen.append(address)
    return seen


def _send_prepared(session: Session, message: Message) -> Sent:
    recipients = _recipients(message)
    if not recipients:
        raise ValidationFailed("to: give at least one recipient (in to, cc or bcc)")
    session.flush()
    delivered, external, _copies = deliver(session, message, recipients)
    return Sent(message=message, delivered_to=delivered, external=external)


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
    message = _new_message(
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
    return _send_prepared(ctx.session, message)


def _prefixed(prefix: str, subject: str, *known: str) -> str:
    stripped = subject.strip()
    if any(stripped.lower().startswith(p.lower()) for p in (prefix, *known)):
        return stripped
    return f"{prefix} {stripped}".strip()


def quoted(message: Message) -> str:
    who = (
        f"{message.from_name} <{message.from_address}>"
        if message.from_name
        else message.from_address
    )
    when = message.date.strftime("%a, %d %b %Y at %H:%M")
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
    text = _with_signature(ctx.user, body, append_signature)
    if quote:
        text = f"{text.rstrip()}\n\n{quoted(message)}" if text.strip() else quoted(message)
    return send_message(
        ctx,
        to=to,
        cc=cc_list,
        bcc=bcc_list,
        subject=_prefixed("Re:", message.subject),
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
    note = _with_signature(ctx.user, body, append_signature)
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
        subject=_prefixed("Fwd:", message.subject, "Fw:"),
        body=text,
        attachments=list(message.attachments) if include_attachments else [],
        parent=message,
        as_reply=False,
    )


# --- drafts -----------------------------------------------------------------------------------


def get_draft(ctx: Ctx, message_id: int) -> Message:
    message = get_message(ctx, message_id)
    if message.folder.name != "drafts":
        raise Conflict(
            f"message {message_id} is not a draft (it is in {message.folder.name!r}); only "
            "messages in 'drafts' can be edited or sent as drafts"
        )
    return message


def create_draft(
    ctx: Ctx,
    *,
    to: Sequence[str] = (),
    cc: Sequence[str] = (),
    bcc: Sequence[str] = (),
    subject: str = "",
    body: str = "",
    body_html: str | None = None,
    attachments: Sequence[NewAttachment] = (),
    parent: Message | None = None,
) -> Message:
    threading: dict[str, Any] = {}
    if parent is not None:
        threading = {
            "thread_id": parent.thread_id,
            "in_reply_to": parent.message_id,
            "references": [*parent.references, parent.message_id],
        }
        subject = subject or _prefixed("Re:", parent.subject)
    user: User = ctx.user
    return _new_message(
        ctx.session,
        owner_id=user.id,
        folder_id=folder_named(ctx, "drafts").id,
        from_address=user.email.lower(),
        from_name=user.display_name,
        to_addresses=parse_addresses(to, "to"),
        cc_addresses=parse_addresses(cc, "cc"),
        bcc_addresses=parse_addresses(bcc, "bcc"),
        subject=subject,
        body=body,
        body_html=body_html,
        date=to_naive_utc(ctx.now),
        is_read=True,
        is_starred=False,
        attachments=list(attachments),
        **threading,
    )


def update_draft(ctx: Ctx, message_id: int, fields: dict[str, Any]) -> Message:
    draft = get_draft(ctx, message_id)
    for name, column in (("to", "to_addresses"), ("cc", "cc_addresses"), ("bcc", "bcc_addresses")):
        if name in fields:
            setattr(draft, column, parse_addresses(fields[name] or [], name))
    if "subject" in fields:
        draft.subject = fields["subject"] or ""
    if "body" in fields:
        draft.body = fields["body"] or ""
    if "body_html" in fields:
        draft.body_html = fields["body_html"]
    if "attachments" in fields:
        draft.attachments = _copy_attachments(fields["attachments"] or [])
    draft.date = to_naive_utc(ctx.now)
    ctx.session.flush()
    return draft


def delete_draft(ctx: Ctx, message_id: int) -> None:
    ctx.session.delete(get_draft(ctx, message_id))


def send_draft(ctx: Ctx, message_id: int) -> Sent:
    draft = get_draft(ctx, message_id)
    if not _recipients(draft):
        raise ValidationFailed(
            f"to: draft {message_id} has no recipient; add one (PATCH /api/drafts/{message_id})"
        )
    sent_folder = folder_named(ctx, "sent")
    draft.folder_id = sent_folder.id
    draft.folder = sent_folder
    draft.date = to_naive_utc(ctx.now)
    draft.from_address = ctx.user.email.lower()
    draft.from_name = ctx.user.display_name
    return _send_prepared(ctx.session, draft)


# --- organising -------------------------------------------------------------------------------


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


# --- contacts ---------------------------------------------------------------------------------


def get_contact(ctx: Ctx, contact_id: int) -> Contact:
    return owned(ctx.session, Contact, contact_id, ctx.user_id, kind="contact")


def search_contacts(ctx: Ctx, q: str | None) -> list[Contact]:
    conditions: list[Any] = [Contact.owner_id == ctx.user_id]
    if q and q.strip():
        text = q.strip()
        conditions.append(
            or_(
                contains_text(Contact.name, text),
                contains_text(Contact.email, text),
                contains_text(func.coalesce(Contact.company, ""), text),
            )
        )
    return list(
        ctx.session.scalars(
            select(Contact).where(*conditions).order_by(func.lower(Contact.name), Contact.id)
        )
    )


def _check_contact_email(ctx: Ctx, email: str, exclude: int = 0) -> str:
    address = parse_address(email, "email")
    clash = ctx.session.scalar(
        select(Contact).where(
            Contact.owner_id == ctx.user_id, Contact.email == address, Contact.id != exclude
        )
    )
    if clash is not None:
        raise Conflict(f"{address} is already in your contacts as {clash.name!r} (id {clash.id})")
    return address


def create_contact(ctx: Ctx, fields: dict[str, Any]) -> Contact:
    name = fields["name"].strip()
    if not name:
        raise ValidationFailed("name: a contact needs a name")
    contact = Contact(
        owner_id=ctx.user_id,
        name=name,
        email=_check_contact_email(ctx, fields["email"]),
        phone=fields.get("phone"),
        company=fields.get("company"),
        notes=fields.get("notes"),
    )
    ctx.session.add(contact)
    ctx.session.flush()
    return contact


def update_contact(ctx: Ctx, contact_id: int, fields: dict[str, Any]) -> Contact:
    contact = get_contact(ctx, contact_id)
    for required in ("name", "email"):
        if required in fields and (fields[required] is None or not fields[required].strip()):
            raise ValidationFailed(f"{required}: cannot be empty")
    if "name" in fields:
        contact.name = fields["name"].strip()
    if "email" in fields:
        contact.email = _check_contact_email(ctx, fields["email"], exclude=contact.id)
    for name in ("phone", "company", "notes"):
        if name in fields:
            setattr(contact, name, fields[name])
    return contact


def delete_contact(ctx: Ctx, contact_id: int) -> None:
    ctx.session.delete(get_contact(ctx, contact_id))


# --- mail from other services -----------------------------------------------------------------


def deliver_external(
    ctx: Ctx,
    *,
    sender: str,
    sender_name: str | None,
    to: Sequence[str],
    subject: str,
    body: str,
    labels: Sequence[str] = (),
) -> tuple[list[str], list[str], list[Message]]:
    """Mail from another service: a copy into each local recipient's inbox."""
    session = ctx.session
    recipients = parse_addresses(to, "to")
    local = [a for a in recipients if local_user(session, a) is not None]
    undeliverable = [a for a in recipients if a not in local]
    if not local:
        raise ValidationFailed(
            f"to: none of {', '.join(recipients)} is a local account; nothing was delivered",
            details={"undeliverable": undeliverable},
        )
    for i, name in enumerate(labels):
        if not name.strip() or len(name) > 100:
            raise ValidationFailed(f"labels[{i}]: {name!r} is not a usable label name")
    row_id = _next_message_id(session)
    template = Message(
        thread_id=default_thread_id(row_id),
        message_id=default_message_id(row_id),
        in_reply_to=None,
        references=[],
        from_address=parse_address(sender, "sender"),
        from_name=sender_name,
        to_addresses=recipients,
        cc_addresses=[],
        subject=subject,
        body=body,
        body_html=None,
        date=to_naive_utc(ctx.now),
    )
    delivered, _external, copies = deliver(
        session, template, local, labels=[n.strip() for n in labels]
    )
    return delivered, undeliverable, copies
