"""The email JSON API (under /api) and the delivery endpoint other services call (/admin)."""

from __future__ import annotations

import base64
import json
import sqlite3
from typing import Any

from mock_services.core.base.clock import iso_stored
from mock_services.core.base.errors import NotFound
from mock_services.core.base.schemas import PageQuery, UserPublic
from mock_services.core.data.paging import page_answer, page_of
from mock_services.core.spec.api import Api, Ctx, FileDownload
from mock_services.core.web.notify import MailDelivery
from mock_services.email import (
    accounts,
    attachments,
    contacts,
    drafts,
    folders,
    labels,
    mailer,
    messages,
)
from mock_services.email.models import Message
from mock_services.email.schemas import (
    AccountOut,
    AccountUpdate,
    AttachmentContent,
    BulkRequest,
    BulkResult,
    ContactCreate,
    ContactOut,
    ContactPage,
    ContactQuery,
    ContactUpdate,
    DeliverResult,
    DirectoryPage,
    DirectoryQuery,
    DraftCreate,
    DraftUpdate,
    EmptyTrashResult,
    FlagsUpdate,
    FolderCreate,
    FolderDeleteQuery,
    FolderOut,
    FolderPage,
    ForwardRequest,
    LabelCreate,
    LabelOut,
    LabelPage,
    LabelRef,
    LabelUpdate,
    MessageDetail,
    MessagePage,
    MessageQuery,
    MessageSummary,
    MoveRequest,
    ReplyRequest,
    SendRequest,
    SendResult,
    ThreadOut,
)

api = Api("email", url_prefix="/api")
admin = Api("email_admin", url_prefix="/admin", tag="admin")


# --- serialisation ----------------------------------------------------------------------------


def summary_out(row: sqlite3.Row) -> MessageSummary:
    """A ``messages.MESSAGE_ROWS`` row as a list item."""
    return MessageSummary(**_summary_fields(row, json.loads(row["lists"])))


def _summary_fields(row: sqlite3.Row, lists: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "thread_id": row["thread_id"],
        "folder": row["folder_name"],
        "from_address": row["from_address"],
        "from_name": row["from_name"],
        "to": lists["to"],
        "cc": lists["cc"],
        "subject": row["subject"],
        "snippet": messages.snippet(row["body"]),
        "date": iso_stored(row["date"]) or "",
        "read": bool(row["is_read"]),
        "starred": bool(row["is_starred"]),
        "labels": sorted(lists["labels"], key=str.lower),
        "has_attachments": bool(lists["attachments"]),
        "is_draft": row["folder_name"] == "drafts",
    }


def detail_out(row: sqlite3.Row) -> MessageDetail:
    """A ``messages.MESSAGE_ROWS`` row with its body, recipients and attachment list."""
    lists = json.loads(row["lists"])
    return MessageDetail(
        **_summary_fields(row, lists),
        bcc=lists["bcc"],
        body=row["body"],
        body_html=row["body_html"],
        message_id=row["message_id"],
        in_reply_to=row["in_reply_to"],
        references=lists["references"] or [],
        original_folder=row["original_folder_name"],
        attachments=sorted(lists["attachments"], key=lambda a: a["id"]),
    )


def changed_out(ctx: Ctx, message: Message) -> MessageDetail:
    """A message a handler changed through the ORM, answered from its row once flushed."""
    (row,) = messages.message_rows(ctx, [message])
    return detail_out(row)


def sent_out(ctx: Ctx, sent: mailer.Sent) -> SendResult:
    """The sent message, as every operation on a message answers, and where it went."""
    return SendResult(
        **dict(changed_out(ctx, sent.message)),
        delivered_to=sent.delivered_to,
        external=sent.external,
    )


# --- account ----------------------------------------------------------------------------------


@api.get("/account", response=AccountOut)
def get_account(ctx: Ctx) -> AccountOut:
    """Your account: address, display name and signature."""
    return AccountOut.model_validate(ctx.user)


@api.patch("/account", response=AccountOut)
def update_account(ctx: Ctx, body: AccountUpdate) -> AccountOut:
    """Change your display name or signature."""
    fields = body.model_dump(include=body.model_fields_set)
    return AccountOut.model_validate(accounts.update_account(ctx, fields))


@api.get("/directory", response=DirectoryPage)
def search_directory(ctx: Ctx, query: DirectoryQuery) -> DirectoryPage:
    """Local accounts whose name, username or address starts with ``q``."""
    users, total = page_of(accounts.directory(ctx.session, query.q), query)
    return page_answer(DirectoryPage, [UserPublic.model_validate(u) for u in users], total, query)


# --- folders ----------------------------------------------------------------------------------


def _folder_out(folder, counts: dict[int, tuple[int, int]]) -> FolderOut:
    total, unread = counts.get(folder.id, (0, 0))
    return FolderOut(
        id=folder.id, name=folder.name, is_system=folder.is_system, total=total, unread=unread
    )


@api.get("/folders", response=FolderPage)
def list_folders(ctx: Ctx, query: PageQuery) -> FolderPage:
    """Your folders (system ones first) with their message and unread counts."""
    found, total = page_of(folders.folders_of(ctx), query)
    counts = folders.folder_counts(ctx)
    return page_answer(FolderPage, [_folder_out(f, counts) for f in found], total, query)


@api.post("/folders", response=FolderOut, status=201, errors=(409,))
def create_folder(ctx: Ctx, body: FolderCreate) -> FolderOut:
    """Create a custom folder (names are unique per account, system names are reserved)."""
    folder = folders.create_folder(ctx, body.name)
    return _folder_out(folder, {})


@api.patch("/folders/<int:folder_id>", response=FolderOut, errors=(403, 404, 409))
def rename_folder(ctx: Ctx, folder_id: int, body: FolderCreate) -> FolderOut:
    """Rename a custom folder (system folders cannot be renamed: 409)."""
    folder = folders.rename_folder(ctx, folder_id, body.name)
    return _folder_out(folder, folders.folder_counts(ctx))


@api.delete("/folders/<int:folder_id>", status=204, errors=(403, 404, 409))
def delete_folder(ctx: Ctx, folder_id: int, query: FolderDeleteQuery) -> None:
    """Delete an empty custom folder, or move its messages to inbox with
    ``move_messages_to_inbox=true``. System folders cannot be deleted (409)."""
    folders.delete_folder(ctx, folder_id, query.move_messages_to_inbox)


# --- labels -----------------------------------------------------------------------------------


def _label_out(label, counts: dict[int, int]) -> LabelOut:
    return LabelOut(
        id=label.id, name=label.name, color=label.color, message_count=counts.get(label.id, 0)
    )


@api.get("/labels", response=LabelPage)
def list_labels(ctx: Ctx, query: PageQuery) -> LabelPage:
    """Your labels by name, with how many messages carry each."""
    found, total = page_of(labels.labels_of(ctx), query)
    counts = labels.label_counts(ctx)
    return page_answer(LabelPage, [_label_out(lab, counts) for lab in found], total, query)


@api.post("/labels", response=LabelOut, status=201, errors=(409,))
def create_label(ctx: Ctx, body: LabelCreate) -> LabelOut:
    """Create a label (names are unique per account, case-insensitive)."""
    return _label_out(labels.create_label(ctx, body.name, body.color), {})


@api.patch("/labels/<int:label_id>", response=LabelOut, errors=(403, 404, 409))
def update_label(ctx: Ctx, label_id: int, body: LabelUpdate) -> LabelOut:
    """Rename or recolour a label."""
    fields = body.model_dump(include=body.model_fields_set)
    label = labels.update_label(ctx, label_id, fields)
    return _label_out(label, labels.label_counts(ctx))


@api.delete("/labels/<int:label_id>", status=204, errors=(403, 404))
def delete_label(ctx: Ctx, label_id: int) -> None:
    """Delete a label; it is removed from every message carrying it."""
    labels.delete_label(ctx, label_id)


# --- reading ----------------------------------------------------------------------------------


@api.get("/messages", response=MessagePage, errors=(404,))
def list_messages(ctx: Ctx, query: MessageQuery) -> MessagePage:
    """Search your mailbox, newest first: folder, text, sender, recipient, flags, label, dates.

    Without ``folder`` every folder except trash and spam is searched. An unknown folder or
    label name is a 404 listing the ones you have.
    """
    q = query
    filters = messages.SearchFilters(
        folder=q.folder,
        q=q.q,
        sender=q.from_,
        recipient=q.to,
        unread=q.unread,
        starred=q.starred,
        label=q.label,
        has_attachment=q.has_attachment,
        after=q.after,
        before=q.before,
        sort=q.sort,
    )
    items, total = messages.search_messages(ctx, filters, q)
    rows = messages.message_rows(ctx, items)
    return page_answer(MessagePage, [summary_out(row) for row in rows], total, q)


@api.get("/messages/<int:message_id>", response=MessageDetail, errors=(403, 404))
def get_message(ctx: Ctx, message_id: int) -> MessageDetail:
    """One message of yours with its body, recipients and attachment list."""
    return detail_out(messages.message_row(ctx, message_id))


@api.get("/threads/<path:thread_id>", response=ThreadOut, errors=(404,))
def get_thread(ctx: Ctx, thread_id: str) -> ThreadOut:
    """Every message of a thread in your mailbox, oldest first."""
    rows = messages.thread_rows(ctx, thread_id)
    return ThreadOut(
        thread_id=thread_id,
        subject=rows[0]["subject"],
        messages=[detail_out(m) for m in rows],
    )


@api.get(
    "/messages/<int:message_id>/attachments/<int:attachment_id>",
    response=AttachmentContent,
    errors=(403, 404),
)
def get_attachment(ctx: Ctx, message_id: int, attachment_id: int) -> AttachmentContent:
    """An attachment with its content in base64 (``.../download`` returns the raw bytes)."""
    att = _attachment(ctx, message_id, attachment_id)
    return AttachmentContent.model_validate(att)


def _attachment(ctx: Ctx, message_id: int, attachment_id: int):
    message = messages.get_message(ctx, message_id)
    for att in message.attachments:
        if att.id == attachment_id:
            return att
    raise NotFound(f"message {message_id} has no attachment {attachment_id}")


@api.get(
    "/messages/<int:message_id>/attachments/<int:attachment_id>/download",
    response=FileDownload,
    errors=(403, 404),
)
def download_attachment(ctx: Ctx, message_id: int, attachment_id: int) -> FileDownload:
    """An attachment's raw bytes, in its content type."""
    att = _attachment(ctx, message_id, attachment_id)
    return FileDownload(base64.b64decode(att.content_base64), att.content_type, att.filename)


# --- sending ----------------------------------------------------------------------------------


@api.post("/messages/send", response=SendResult, status=201, errors=(404,), destructive=True)
def send_message(ctx: Ctx, body: SendRequest) -> SendResult:
    """Send a mail: your copy goes to ``sent``, each local recipient gets one in ``inbox``.

    At least one recipient (to, cc or bcc) is needed; every address is validated and an
    invalid one is a 422 naming the field (e.g. ``cc[1]``). Bcc recipients get a copy
    without the bcc list; external addresses are only kept in your sent copy.
    """
    sent = messages.send_message(
        ctx,
        to=body.to,
        cc=body.cc,
        bcc=body.bcc,
        subject=body.subject,
        body=mailer.with_signature(ctx.user, body.body, body.append_signature),
        body_html=body.body_html,
        attachments=attachments.decode_attachments(body.attachments),
    )
    return sent_out(ctx, sent)


def _reply(ctx: Ctx, message_id: int, body: ReplyRequest, reply_all: bool) -> SendResult:
    message = messages.get_message(ctx, message_id)
    sent = messages.reply(
        ctx,
        message,
        body=body.body,
        body_html=body.body_html,
        reply_all=reply_all,
        cc=body.cc,
        bcc=body.bcc,
        quote=body.quote,
        attachments=attachments.decode_attachments(body.attachments),
        append_signature=body.append_signature,
    )
    return sent_out(ctx, sent)


@api.post(
    "/messages/<int:message_id>/reply",
    response=SendResult,
    status=201,
    errors=(403, 404, 409),
    destructive=True,
)
def reply(ctx: Ctx, message_id: int, body: ReplyRequest) -> SendResult:
    """Reply to the sender ("Re: " added once, same thread, optional quoted original)."""
    return _reply(ctx, message_id, body, reply_all=False)


@api.post(
    "/messages/<int:message_id>/reply-all",
    response=SendResult,
    status=201,
    errors=(403, 404, 409),
    destructive=True,
)
def reply_all(ctx: Ctx, message_id: int, body: ReplyRequest) -> SendResult:
    """Reply to the sender and every other to/cc recipient (never to yourself)."""
    return _reply(ctx, message_id, body, reply_all=True)


@api.post(
    "/messages/<int:message_id>/forward",
    response=SendResult,
    status=201,
    errors=(403, 404, 409),
    destructive=True,
)
def forward(ctx: Ctx, message_id: int, body: ForwardRequest) -> SendResult:
    """Forward a message ("Fwd: ", original quoted below your note, attachments carried)."""
    message = messages.get_message(ctx, message_id)
    b = body
    sent = messages.forward(
        ctx,
        message,
        to=b.to,
        cc=b.cc,
        bcc=b.bcc,
        body=b.body,
        include_attachments=b.include_attachments,
        append_signature=b.append_signature,
    )
    return sent_out(ctx, sent)


# --- drafts -----------------------------------------------------------------------------------


@api.post("/drafts", response=MessageDetail, status=201, errors=(403, 404))
def create_draft(ctx: Ctx, body: DraftCreate) -> MessageDetail:
    """Save a draft in ``drafts`` (recipients may be empty until it is sent)."""
    b = body
    parent = messages.get_message(ctx, b.reply_to_message_id) if b.reply_to_message_id else None
    draft = drafts.create_draft(
        ctx,
        to=b.to,
        cc=b.cc,
        bcc=b.bcc,
        subject=b.subject,
        body=b.body,
        body_html=b.body_html,
        attachments=attachments.decode_attachments(b.attachments),
        parent=parent,
    )
    return changed_out(ctx, draft)


@api.patch("/drafts/<int:message_id>", response=MessageDetail, errors=(403, 404, 409))
def update_draft(ctx: Ctx, message_id: int, body: DraftUpdate) -> MessageDetail:
    """Change the given fields of a draft (``attachments`` replaces them all)."""
    fields = body.model_dump(include=body.model_fields_set)
    if "attachments" in fields:
        fields["attachments"] = attachments.decode_attachments(body.attachments or [])
    return changed_out(ctx, drafts.update_draft(ctx, message_id, fields))


@api.delete("/drafts/<int:message_id>", status=204, errors=(403, 404, 409))
def delete_draft(ctx: Ctx, message_id: int) -> None:
    """Discard a draft for good."""
    drafts.delete_draft(ctx, message_id)


@api.post(
    "/drafts/<int:message_id>/send",
    response=SendResult,
    status=201,
    errors=(403, 404, 409),
    destructive=True,
)
def send_draft(ctx: Ctx, message_id: int) -> SendResult:
    """Send a draft: it moves to ``sent`` and local recipients get their copies."""
    return sent_out(ctx, drafts.send_draft(ctx, message_id))


# --- organising -------------------------------------------------------------------------------


@api.patch("/messages/<int:message_id>", response=MessageDetail, errors=(403, 404))
def update_flags(ctx: Ctx, message_id: int, body: FlagsUpdate) -> MessageDetail:
    """Mark read/unread, star/unstar."""
    message = messages.get_message(ctx, message_id)
    messages.set_flags(message, read=body.read, starred=body.starred)
    return changed_out(ctx, message)


@api.post("/messages/<int:message_id>/move", response=MessageDetail, errors=(403, 404, 409))
def move_message(ctx: Ctx, message_id: int, body: MoveRequest) -> MessageDetail:
    """Move a message to another folder of yours (to trash: remembers where it was)."""
    message = messages.get_message(ctx, message_id)
    return changed_out(ctx, messages.move_message(ctx, message, body.folder))


@api.post("/messages/<int:message_id>/labels", response=MessageDetail, errors=(403, 404))
def add_label(ctx: Ctx, message_id: int, body: LabelRef) -> MessageDetail:
    """Put one of your labels on a message (no-op when it is already there)."""
    message = messages.get_message(ctx, message_id)
    return changed_out(ctx, messages.add_label(ctx, message, body.name))


@api.delete(
    "/messages/<int:message_id>/labels/<path:name>", response=MessageDetail, errors=(403, 404)
)
def remove_label(ctx: Ctx, message_id: int, name: str) -> MessageDetail:
    """Take a label off a message (no-op when it is not there)."""
    message = messages.get_message(ctx, message_id)
    return changed_out(ctx, messages.remove_label(ctx, message, name))


@api.delete("/messages/<int:message_id>", response=MessageDetail, errors=(403, 404, 409))
def trash_message(ctx: Ctx, message_id: int) -> MessageDetail:
    """Move a message to trash, remembering its folder (already in trash: 409)."""
    message = messages.get_message(ctx, message_id)
    return changed_out(ctx, messages.trash_message(ctx, message))


@api.post("/messages/<int:message_id>/restore", response=MessageDetail, errors=(403, 404, 409))
def restore_message(ctx: Ctx, message_id: int) -> MessageDetail:
    """Put a message from trash back in the folder it was deleted from."""
    message = messages.get_message(ctx, message_id)
    return changed_out(ctx, messages.restore_message(ctx, message))


@api.delete("/messages/<int:message_id>/forever", status=204, errors=(403, 404, 409))
def delete_forever(ctx: Ctx, message_id: int) -> None:
    """Delete a message in trash for good (elsewhere: 409)."""
    messages.delete_forever(ctx, messages.get_message(ctx, message_id))


@api.post(
    "/trash/empty",
    response=EmptyTrashResult,
    destructive=True,
)
def empty_trash(ctx: Ctx) -> EmptyTrashResult:
    """Delete every message in your trash for good."""
    return EmptyTrashResult(deleted=messages.empty_trash(ctx))


@api.post("/messages/bulk", response=BulkResult, errors=(403, 404, 409), destructive=True)
def bulk_action(ctx: Ctx, body: BulkRequest) -> BulkResult:
    """One action on several messages, all or nothing (one refused message refuses all)."""
    b = body
    ids = messages.bulk(ctx, b.ids, b.action, b.folder, b.label)
    return BulkResult(action=b.action, updated=len(ids), ids=ids)


# --- contacts ---------------------------------------------------------------------------------


@api.get("/contacts", response=ContactPage)
def list_contacts(ctx: Ctx, query: ContactQuery) -> ContactPage:
    """Your address book by name; ``q`` searches name, email and company."""
    found, total = page_of(contacts.search_contacts(ctx, query.q), query)
    return page_answer(ContactPage, [ContactOut.model_validate(c) for c in found], total, query)


@api.post("/contacts", response=ContactOut, status=201, errors=(409,))
def create_contact(ctx: Ctx, body: ContactCreate) -> ContactOut:
    """Add a contact (one per address)."""
    return ContactOut.model_validate(contacts.create_contact(ctx, body.model_dump()))


@api.get("/contacts/<int:contact_id>", response=ContactOut, errors=(403, 404))
def get_contact(ctx: Ctx, contact_id: int) -> ContactOut:
    """One contact."""
    return ContactOut.model_validate(contacts.get_contact(ctx, contact_id))


@api.patch("/contacts/<int:contact_id>", response=ContactOut, errors=(403, 404, 409))
def update_contact(ctx: Ctx, contact_id: int, body: ContactUpdate) -> ContactOut:
    """Change the given fields of a contact."""
    fields = body.model_dump(include=body.model_fields_set)
    return ContactOut.model_validate(contacts.update_contact(ctx, contact_id, fields))


@api.delete("/contacts/<int:contact_id>", status=204, errors=(403, 404))
def delete_contact(ctx: Ctx, contact_id: int) -> None:
    """Remove a contact."""
    contacts.delete_contact(ctx, contact_id)


# --- delivery from other services -------------------------------------------------------------


@admin.post("/deliver", response=DeliverResult, auth="delivery")
def deliver(ctx: Ctx, body: MailDelivery) -> DeliverResult:
    """Deliver a notification from another service into local inboxes.

    Unknown recipients are listed as ``undeliverable``; when none is local: 422.
    """
    b = body
    delivered, undeliverable, copies = mailer.deliver_external(
        ctx,
        sender=b.sender,
        sender_name=b.sender_name,
        to=b.to,
        subject=b.subject,
        body=b.body,
        labels=b.labels,
    )
    return DeliverResult(
        delivered=delivered, undeliverable=undeliverable, message_ids=[m.id for m in copies]
    )
