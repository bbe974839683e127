"""Not an area: new mail rows (signature, "Re:"/"Fwd:" subject) and their delivery into local
inboxes, shared by sending, drafts and the mail other services deliver (``/admin/deliver``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import ValidationFailed
from mock_services.core.spec.api import Ctx
from mock_services.email.accounts import local_user
from mock_services.email.addresses import parse_address, parse_addresses
from mock_services.email.attachments import copy_attachments
from mock_services.email.folders import find_folder
from mock_services.email.labels import find_label, new_label
from mock_services.email.models import Message, MessageLabel, User
from mock_services.email.seed import default_message_id, default_thread_id


def _next_message_id(session: Session) -> int:
    return (session.scalar(select(func.max(Message.id))) or 0) + 1


def new_message(session: Session, **values: Any) -> Message:
    """Insert a message with an explicit id (its default thread and Message-ID derive from it)."""
    row_id = _next_message_id(session)
    values.setdefault("thread_id", default_thread_id(row_id))
    values.setdefault("message_id", default_message_id(row_id))
    attachments = values.pop("attachments", [])
    message = Message(id=row_id, **values)
    message.attachments = copy_attachments(attachments)
    session.add(message)
    session.flush()
    return message


def with_signature(user: User, body: str, append: bool) -> str:
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
        inbox = find_folder(session, owner.id, "inbox")
        assert inbox is not None  # every account has its system folders
        copy = new_message(
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
            label = find_label(session, owner.id, name) or new_label(session, owner.id, name, None)
            session.add(MessageLabel(message_id=copy.id, label_id=label.id))
        delivered.append(address)
        copies.append(copy)
    return delivered, external, copies


def recipients_of(message: Message) -> list[str]:
    seen: list[str] = []
    for address in [*message.to_addresses, *message.cc_addresses, *message.bcc_addresses]:
        if address not in seen:
            seen.append(address)
    return seen


def send_prepared(session: Session, message: Message) -> Sent:
    recipients = recipients_of(message)
    if not recipients:
        raise ValidationFailed("to: give at least one recipient (in to, cc or bcc)")
    session.flush()
    delivered, external, _copies = deliver(session, message, recipients)
    return Sent(message=message, delivered_to=delivered, external=external)


def prefixed(prefix: str, subject: str, *known: str) -> str:
    stripped = subject.strip()
    if any(stripped.lower().startswith(p.lower()) for p in (prefix, *known)):
        return stripped
    return f"{prefix} {stripped}".strip()


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
