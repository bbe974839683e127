"""Request bodies and answers of the email API."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field
from pydantic.json_schema import JsonDict

from mock_services.core.base.schemas import ApiModel, OutModel, PageQuery, UserPublic

_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


def _iso_only(value: object) -> object:
    if not isinstance(value, str | datetime) or (
        isinstance(value, str) and not _ISO_DATE.match(value)
    ):
        raise ValueError("expected an ISO 8601 date such as 2026-03-01 or 2026-03-01T09:00:00Z")
    return value


QueryDateTime = Annotated[datetime, BeforeValidator(_iso_only)]

# --- account, folders, labels -----------------------------------------------------------------


class AccountOut(OutModel):
    id: int
    username: str
    display_name: str
    email: str
    signature: str


class AccountUpdate(ApiModel):
    display_name: str | None = Field(None, min_length=1, max_length=200)
    signature: str | None = Field(None, max_length=5000)


class FolderOut(OutModel):
    id: int
    name: str
    is_system: bool
    total: int
    unread: int


class FolderPage(OutModel):
    items: list[FolderOut]
    total: int


class FolderCreate(ApiModel):
    name: str = Field(min_length=1, max_length=100)


class FolderDeleteQuery(ApiModel):
    move_messages_to_inbox: bool = Field(
        False, description="move the folder's messages to inbox instead of refusing (409)"
    )


class LabelOut(OutModel):
    id: int
    name: str
    color: str | None
    message_count: int


class LabelPage(OutModel):
    items: list[LabelOut]
    total: int


class LabelCreate(ApiModel):
    name: str = Field(min_length=1, max_length=100)
    color: str | None = Field(None, max_length=20)


class LabelUpdate(ApiModel):
    name: str | None = Field(None, min_length=1, max_length=100)
    color: str | None = Field(None, max_length=20)


# --- messages ---------------------------------------------------------------------------------


class AttachmentOut(OutModel):
    id: int
    filename: str
    content_type: str
    size: int


class AttachmentContent(AttachmentOut):
    content_base64: str


class MessageSummary(OutModel):
    id: int
    thread_id: str
    folder: str
    from_address: str
    from_name: str | None
    to: list[str]
    cc: list[str]
    subject: str
    snippet: str
    date: str
    read: bool
    starred: bool
    labels: list[str]
    has_attachments: bool
    is_draft: bool


class MessageDetail(MessageSummary):
    bcc: list[str] = Field(description="only on the sender's own copy")
    body: str
    body_html: str | None
    message_id: str
    in_reply_to: str | None
    references: list[str]
    original_folder: str | None = Field(description="for messages in trash: where restore goes")
    attachments: list[AttachmentOut]


class MessagePage(OutModel):
    items: list[MessageSummary]
    total: int
    page: int
    per_page: int


class ThreadOut(OutModel):
    thread_id: str
    subject: str
    messages: list[MessageDetail]


class MessageQuery(PageQuery):
    folder: str | None = Field(
        None, description="folder name; omitted: every folder except trash and spam"
    )
    q: str | None = Field(
        None, max_length=200, description="text in subject, body, sender or recipients"
    )
    from_: str | None = Field(None, alias="from", max_length=254, description="sender contains")
    to: str | None = Field(None, max_length=254, description="a recipient (to/cc/bcc) contains")
    unread: bool | None = None
    starred: bool | None = None
    label: str | None = Field(None, max_length=100, description="label name")
    has_attachment: bool | None = None
    after: QueryDateTime | None = Field(None, description="date on or after (ISO 8601)")
    before: QueryDateTime | None = Field(None, description="date strictly before (ISO 8601)")
    sort: Literal["newest", "oldest"] = "newest"


class AttachmentIn(ApiModel):
    filename: str = Field(min_length=1, max_length=255)
    content_type: str = Field(
        "application/octet-stream", pattern=r"^[\w.+-]+/[\w.+-]+$", max_length=200
    )
    content_base64: str = Field(max_length=14_000_000)


class SendRequest(ApiModel):
    to: list[str] = Field([], max_length=100)
    cc: list[str] = Field([], max_length=100)
    bcc: list[str] = Field([], max_length=100)
    subject: str = Field("", max_length=500)
    body: str = Field("", max_length=200_000)
    body_html: str | None = Field(None, max_length=500_000)
    attachments: list[AttachmentIn] = Field([], max_length=20)
    append_signature: bool = Field(False, description="add the account's signature to the body")


class SendResult(MessageDetail):
    """The sent message (your copy, in ``sent``), like every answer about one message."""

    delivered_to: list[str] = Field(description="local accounts that got a copy in their inbox")
    external: list[str] = Field(description="addresses outside this mail system (kept in sent)")


class ReplyRequest(ApiModel):
    cc: list[str] = Field(
        [], max_length=100, description="added to the cc the reply computes (its recipients stay)"
    )
    bcc: list[str] = Field([], max_length=100, description="blind copies, hidden from the others")
    body: str = Field("", max_length=200_000)
    body_html: str | None = Field(None, max_length=500_000)
    quote: bool = Field(False, description="append the original message, quoted with '> '")
    attachments: list[AttachmentIn] = Field([], max_length=20)
    append_signature: bool = False


class ForwardRequest(ApiModel):
    to: list[str] = Field([], max_length=100)
    cc: list[str] = Field([], max_length=100)
    bcc: list[str] = Field([], max_length=100)
    body: str = Field("", max_length=200_000, description="a note above the forwarded message")
    include_attachments: bool = True
    append_signature: bool = False


class DraftCreate(ApiModel):
    to: list[str] = Field([], max_length=100)
    cc: list[str] = Field([], max_length=100)
    bcc: list[str] = Field([], max_length=100)
    subject: str = Field("", max_length=500)
    body: str = Field("", max_length=200_000)
    body_html: str | None = Field(None, max_length=500_000)
    attachments: list[AttachmentIn] = Field([], max_length=20)
    reply_to_message_id: int | None = Field(
        None, ge=1, description="a message of yours this draft answers (keeps the thread)"
    )


class DraftUpdate(ApiModel):
    to: list[str] | None = Field(None, max_length=100)
    cc: list[str] | None = Field(None, max_length=100)
    bcc: list[str] | None = Field(None, max_length=100)
    subject: str | None = Field(None, max_length=500)
    body: str | None = Field(None, max_length=200_000)
    body_html: str | None = Field(None, max_length=500_000)
    attachments: list[AttachmentIn] | None = Field(
        None, max_length=20, description="replaces every attachment when given"
    )


class FlagsUpdate(ApiModel):
    read: bool | None = None
    starred: bool | None = None


class MoveRequest(ApiModel):
    folder: str = Field(min_length=1, max_length=100, description="target folder name")


class LabelRef(ApiModel):
    name: str = Field(min_length=1, max_length=100)


BulkAction = Literal[
    "read",
    "unread",
    "star",
    "unstar",
    "move",
    "archive",
    "trash",
    "restore",
    "delete_forever",
    "add_label",
    "remove_label",
]


class BulkRequest(ApiModel):
    ids: list[int] = Field(min_length=1, max_length=500)
    action: BulkAction
    folder: str | None = Field(None, max_length=100, description="for 'move'")
    label: str | None = Field(None, max_length=100, description="for 'add_label'/'remove_label'")


class BulkResult(OutModel):
    action: str
    updated: int
    ids: list[int]


class EmptyTrashResult(OutModel):
    deleted: int


# --- contacts and directory -------------------------------------------------------------------


class ContactOut(OutModel):
    id: int
    name: str
    email: str
    phone: str | None
    company: str | None
    notes: str | None


class ContactPage(OutModel):
    items: list[ContactOut]
    total: int


class ContactQuery(PageQuery):
    q: str | None = Field(None, max_length=200, description="name, email or company contains")


# documented here, checked by the service (with a message that says so)
_CONTACT_ADDRESS: JsonDict = {
    "pattern": r"[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+",
    "description": "name@domain.tld, or 'Name <name@domain.tld>'",
}


class ContactCreate(ApiModel):
    name: str = Field(min_length=1, max_length=200)
    email: str = Field(max_length=254, json_schema_extra=_CONTACT_ADDRESS)
    phone: str | None = Field(None, max_length=50)
    company: str | None = Field(None, max_length=200)
    notes: str | None = Field(None, max_length=5000)


class ContactUpdate(ApiModel):
    name: str | None = Field(None, min_length=1, max_length=200)
    email: str | None = Field(None, max_length=254, json_schema_extra=_CONTACT_ADDRESS)
    phone: str | None = Field(None, max_length=50)
    company: str | None = Field(None, max_length=200)
    notes: str | None = Field(None, max_length=5000)


class DirectoryQuery(PageQuery):
    q: str = Field("", max_length=200, description="prefix of a name, username or address")


class DirectoryPage(OutModel):
    items: list[UserPublic]
    total: int


# --- admin ------------------------------------------------------------------------------------


class DeliverResult(OutModel):
    delivered: list[str]
    undeliverable: list[str]
    message_ids: list[int]
