"""The drafts area: a draft is a message in ``drafts``; sending one moves it to ``sent``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, ValidationFailed
from mock_services.core.spec.api import Ctx
from mock_services.email.addresses import parse_addresses
from mock_services.email.attachments import NewAttachment, copy_attachments
from mock_services.email.folders import folder_named
from mock_services.email.mailer import Sent, new_message, prefixed, recipients_of, send_prepared
from mock_services.email.messages import get_message
from mock_services.email.models import Message, User


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
        subject = subject or prefixed("Re:", parent.subject)
    user: User = ctx.user
    return new_message(
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
        draft.attachments = copy_attachments(fields["attachments"] or [])
    draft.date = to_naive_utc(ctx.now)
    ctx.session.flush()
    return draft


def delete_draft(ctx: Ctx, message_id: int) -> None:
    ctx.session.delete(get_draft(ctx, message_id))


def send_draft(ctx: Ctx, message_id: int) -> Sent:
    draft = get_draft(ctx, message_id)
    if not recipients_of(draft):
        raise ValidationFailed(
            f"to: draft {message_id} has no recipient; add one (PATCH /api/drafts/{message_id})"
        )
    sent_folder = folder_named(ctx, "sent")
    draft.folder_id = sent_folder.id
    draft.folder = sent_folder
    draft.date = to_naive_utc(ctx.now)
    draft.from_address = ctx.user.email.lower()
    draft.from_name = ctx.user.display_name
    return send_prepared(ctx.session, draft)
