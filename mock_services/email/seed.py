"""The email seed: accounts (with folders, labels, contacts) and one row per mailbox copy."""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any

from pydantic import Field, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.schemas import EmailAddress
from mock_services.core.seeding.seed import (
    Loc,
    SeedContext,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    bulk_insert,
)
from mock_services.core.seeding.users import UserSeed, user_row, user_seed_fields
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


def default_message_id(row_id: int) -> str:
    return f"<msg-{row_id}@mail.example.test>"


def default_thread_id(row_id: int) -> str:
    return f"thread-{row_id}"


class FolderSeed(SeedModel):
    """A folder with a pinned id (exports list every folder, system ones included)."""

    id: int | None = Field(None, ge=1)
    name: str = Field(min_length=1, max_length=100)


class LabelSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    name: str = Field(min_length=1, max_length=100)
    color: str | None = Field(None, max_length=20)


class ContactSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    name: str = Field(min_length=1, max_length=200)
    email: EmailAddress
    phone: str | None = Field(None, max_length=50)
    company: str | None = Field(None, max_length=200)
    notes: str | None = None


class AccountSeed(UserSeed):
    """A mail account: its address is ``email``; the six system folders are always created."""

    signature: str = ""
    folders: list[str | FolderSeed] = Field(
        [], description="custom folder names (system folders may be listed to pin their ids)"
    )
    labels: list[str | LabelSeed] = []
    contacts: list[ContactSeed] = []


class AttachmentSeed(SeedModel):
    """A file: give ``text`` (stored UTF-8) or ``content_base64`` (any bytes)."""

    id: int | None = Field(None, ge=1)
    filename: str = Field(min_length=1, max_length=255)
    content_type: str = Field("text/plain", min_length=1, max_length=200)
    text: str | None = None
    content_base64: str | None = None

    @model_validator(mode="after")
    def _one_content(self) -> AttachmentSeed:
        if (self.text is None) == (self.content_base64 is None):
            raise ValueError("give exactly one of 'text' or 'content_base64'")
        if self.content_base64 is not None:
            try:
                base64.b64decode(self.content_base64, validate=True)
            except (binascii.Error, ValueError):
                raise ValueError("'content_base64' is not valid base64") from None
        return self

    def raw(self) -> bytes:
        if self.text is not None:
            return self.text.encode()
        return base64.b64decode(self.content_base64 or "")


class MessageSeed(SeedModel):
    """One mailbox's copy of a mail. Copies of one mail share ``thread`` (and ``message_id``)."""

    id: int | None = Field(None, ge=1)
    owner: str = Field(description="username of the mailbox holding this copy")
    folder: str = Field("inbox", min_length=1)
    from_address: EmailAddress
    from_name: str | None = None
    to: list[EmailAddress] = []
    cc: list[EmailAddress] = []
    bcc: list[EmailAddress] = []
    subject: str = Field("", max_length=500)
    body: str = ""
    body_html: str | None = None
    date: SeedDateTime
    read: bool = False
    starred: bool = False
    labels: list[str] = []
    thread: str | None = Field(
        None, min_length=1, max_length=200, description="thread key shared by a conversation"
    )
    message_id: str | None = Field(None, min_length=1, max_length=300)
    in_reply_to: str | None = Field(None, min_length=1, max_length=300)
    references: list[str] = []
    original_folder: str | None = Field(
        None, description="for messages in trash: the folder a restore puts them back in"
    )
    attachments: list[AttachmentSeed] = []


class EmailSeed(ServiceSeed):
    users: list[AccountSeed] = []
    messages: list[MessageSeed] = []


def _named(item: str | FolderSeed | LabelSeed) -> tuple[int | None, str]:
    return (None, item) if isinstance(item, str) else (item.id, item.name)


@dataclass
class _ByName:
    """Folders (or labels) of every account: ids by (owner id, case-folded name), names by owner."""

    ids: dict[tuple[int, str], int] = field(default_factory=dict)
    names: dict[int, list[str]] = field(default_factory=dict)

    def known(self, owner: int) -> str:
        return ", ".join(repr(n) for n in self.names.get(owner, []))


def load(session: Session, seed: EmailSeed, ctx: SeedContext) -> None:
    folders, labels = _load_accounts(session, seed, ctx)
    _load_messages(session, seed, ctx, folders, labels)


# --- Accounts ---------------------------------------------------------------------------------


def _load_accounts(session: Session, seed: EmailSeed, ctx: SeedContext) -> tuple[_ByName, _ByName]:
    """Users with their folders (the six system ones first), labels and contacts."""
    users, folders, labels, contacts = [], [], [], []
    folder_pins: list[int | None] = []
    label_pins: list[int | None] = []
    contact_pins: list[int | None] = []
    addresses: dict[str, int] = {}
    for i, user in enumerate(seed.users):
        ctx.register("user", user.username, i + 1, ("users", i, "username"))
        address = user.email.lower()
        if address in addresses:
            raise ctx.error(
                ("users", i, "email"),
                f"address {user.email!r} is already used by users[{addresses[address]}]; "
                "each account needs its own address",
            )
        addresses[address] = i
        row = user_row("email", user, i + 1)
        row["email"] = address
        row["signature"] = user.signature
        users.append(row)
        for folder, pin in _account_folders(ctx, i, user):
            folders.append(folder)
            folder_pins.append(pin)
        _check_names(ctx, user.labels, ("users", i, "labels"), "label")
        for item in user.labels:
            pin, name = _named(item)
            color = None if isinstance(item, str) else item.color
            labels.append({"owner_id": i + 1, "name": name, "color": color})
            label_pins.append(pin)
        for contact in user.contacts:
            contacts.append(_contact_row(i + 1, contact))
            contact_pins.append(contact.id)
    folder_index = _numbered(ctx, folders, folder_pins, ("users", "folders"))
    label_index = _numbered(ctx, labels, label_pins, ("users", "labels"))
    for row, row_id in zip(
        contacts, ctx.allocate_ids(contact_pins, ("users", "contacts")), strict=True
    ):
        row["id"] = row_id
    for model, rows in ((User, users), (Folder, folders), (Label, labels), (Contact, contacts)):
        bulk_insert(session, model, rows)
    return folder_index, label_index


def _check_names(
    ctx: SeedContext, items: list[str | FolderSeed] | list[str | LabelSeed], loc: Loc, kind: str
) -> None:
    """An account's folder (or label) names: trimmed, non-blank, unique ignoring case."""
    seen: set[str] = set()
    for j, item in enumerate(items):
        _pin, name = _named(item)
        if not name.strip() or name != name.strip():
            raise ctx.error((*loc, j), f"{kind} name {name!r} must be non-blank and trimmed")
        if name.casefold() in seen:
            raise ctx.error(
                (*loc, j),
                f"duplicate {kind} {name!r}; {kind} names are unique per account "
                "(case-insensitive)",
            )
        seen.add(name.casefold())


def _account_folders(
    ctx: SeedContext, i: int, user: AccountSeed
) -> list[tuple[dict[str, Any], int | None]]:
    """An account's folder rows and pinned ids: the system folders (pinned when listed), then
    its custom folders in document order."""
    _check_names(ctx, user.folders, ("users", i, "folders"), "folder")
    pins = {name.casefold(): pin for pin, name in map(_named, user.folders)}
    rows = [
        ({"owner_id": i + 1, "name": name, "is_system": True}, pins.get(name))
        for name in SYSTEM_FOLDERS
    ]
    for item in user.folders:
        pin, name = _named(item)
        if name.casefold() not in SYSTEM_FOLDERS:
            rows.append(({"owner_id": i + 1, "name": name, "is_system": False}, pin))
    return rows


def _contact_row(owner_id: int, contact: ContactSeed) -> dict[str, Any]:
    return {
        "owner_id": owner_id,
        "name": contact.name,
        "email": contact.email.lower(),
        "phone": contact.phone,
        "company": contact.company,
        "notes": contact.notes,
    }


def _numbered(
    ctx: SeedContext, rows: list[dict[str, Any]], pins: list[int | None], loc: Loc
) -> _ByName:
    """Give folder (or label) rows their ids and index them by owner and name."""
    index = _ByName()
    for row, row_id in zip(rows, ctx.allocate_ids(pins, loc), strict=True):
        row["id"] = row_id
        index.ids[(row["owner_id"], row["name"].casefold())] = row_id
        index.names.setdefault(row["owner_id"], []).append(row["name"])
    return index


# --- Messages ---------------------------------------------------------------------------------


def _load_messages(
    session: Session, seed: EmailSeed, ctx: SeedContext, folders: _ByName, labels: _ByName
) -> None:
    """One row per mailbox copy, with its labels and attachments."""
    messages, links, attachments = [], [], []
    attachment_pins: list[int | None] = []
    message_ids = ctx.allocate_ids([m.id for m in seed.messages], ("messages",))
    for i, (msg, row_id) in enumerate(zip(seed.messages, message_ids, strict=True)):
        owner = ctx.ref("user", msg.owner, ("messages", i, "owner"))
        messages.append(_message_row(ctx, i, msg, row_id, owner, folders))
        links += _label_links(ctx, i, msg, row_id, owner, labels)
        for att in msg.attachments:
            raw = att.raw()
            attachments.append(
                {
                    "message_id": row_id,
                    "filename": att.filename,
                    "content_type": att.content_type,
                    "size": len(raw),
                    "content_base64": base64.b64encode(raw).decode(),
                }
            )
            attachment_pins.append(att.id)
    for row, row_id in zip(
        attachments, ctx.allocate_ids(attachment_pins, ("messages", "attachments")), strict=True
    ):
        row["id"] = row_id
    for model, rows in (
        (Message, messages),
        (MessageLabel, sorted(links, key=lambda r: (r["message_id"], r["label_id"]))),
        (Attachment, attachments),
    ):
        bulk_insert(session, model, rows)


def _folder_id(ctx: SeedContext, folders: _ByName, owner: int, name: str, loc: Loc) -> int:
    found = folders.ids.get((owner, name.casefold()))
    if found is None:
        raise ctx.error(
            loc, f"unknown folder {name!r} of this owner; expected one of: {folders.known(owner)}"
        )
    return found


def _message_row(
    ctx: SeedContext, i: int, msg: MessageSeed, row_id: int, owner: int, folders: _ByName
) -> dict[str, Any]:
    folder_id = _folder_id(ctx, folders, owner, msg.folder, ("messages", i, "folder"))
    original = None
    if msg.original_folder is not None:
        loc = ("messages", i, "original_folder")
        if msg.folder.casefold() != "trash":
            raise ctx.error(loc, "only messages in 'trash' have an original folder")
        original = _folder_id(ctx, folders, owner, msg.original_folder, loc)
    return {
        "id": row_id,
        "owner_id": owner,
        "folder_id": folder_id,
        "original_folder_id": original,
        "thread_id": msg.thread or default_thread_id(row_id),
        "message_id": msg.message_id or default_message_id(row_id),
        "in_reply_to": msg.in_reply_to,
        "references": list(msg.references),
        "from_address": msg.from_address.lower(),
        "from_name": msg.from_name,
        "to_addresses": [a.lower() for a in msg.to],
        "cc_addresses": [a.lower() for a in msg.cc],
        "bcc_addresses": [a.lower() for a in msg.bcc],
        "subject": msg.subject,
        "body": msg.body,
        "body_html": msg.body_html,
        "date": to_naive_utc(msg.date),
        "is_read": msg.read,
        "is_starred": msg.starred,
    }


def _label_links(
    ctx: SeedContext, i: int, msg: MessageSeed, row_id: int, owner: int, labels: _ByName
) -> list[dict[str, int]]:
    links: list[dict[str, int]] = []
    for j, name in enumerate(msg.labels):
        label_id = labels.ids.get((owner, name.casefold()))
        if label_id is None:
            raise ctx.error(
                ("messages", i, "labels", j),
                f"unknown label {name!r} of {msg.owner!r}; expected one of: "
                f"{labels.known(owner) or 'none'} (declare it in the account's 'labels')",
            )
        if any(link["label_id"] == label_id for link in links):
            raise ctx.error(("messages", i, "labels", j), f"label {name!r} is listed twice")
        links.append({"message_id": row_id, "label_id": label_id})
    return links


def _attachment_seed(att: Attachment) -> AttachmentSeed:
    raw = base64.b64decode(att.content_base64)
    text = None
    if att.content_type.startswith("text/"):
        try:
            text = raw.decode()
        except UnicodeDecodeError:
            text = None
    return AttachmentSeed(
        id=att.id,
        filename=att.filename,
        content_type=att.content_type,
        text=text,
        content_base64=None if text is not None else att.content_base64,
    )


def dump(session: Session, ctx: SeedContext) -> EmailSeed:
    users = session.scalars(select(User).order_by(User.id)).all()
    names = {u.id: u.username for u in users}
    folders: dict[int, list[Folder]] = {}
    for folder in session.scalars(select(Folder).order_by(Folder.id)):
        folders.setdefault(folder.owner_id, []).append(folder)
    labels: dict[int, list[Label]] = {}
    for label in session.scalars(select(Label).order_by(Label.id)):
        labels.setdefault(label.owner_id, []).append(label)
    contacts: dict[int, list[Contact]] = {}
    for contact in session.scalars(select(Contact).order_by(Contact.id)):
        contacts.setdefault(contact.owner_id, []).append(contact)
    folder_name = {f.id: f.name for fs in folders.values() for f in fs}
    label_name = {lab.id: lab.name for ls in labels.values() for lab in ls}
    link_rows: dict[int, list[int]] = {}
    for link in session.scalars(
        select(MessageLabel).order_by(MessageLabel.message_id, MessageLabel.label_id)
    ):
        link_rows.setdefault(link.message_id, []).append(link.label_id)
    atts: dict[int, list[Attachment]] = {}
    for att in session.scalars(select(Attachment).order_by(Attachment.id)):
        atts.setdefault(att.message_id, []).append(att)
    return EmailSeed(
        users=[
            AccountSeed(
                **user_seed_fields(u),
                signature=u.signature,
                folders=[FolderSeed(id=f.id, name=f.name) for f in folders.get(u.id, [])],
                labels=[
                    LabelSeed(id=lab.id, name=lab.name, color=lab.color)
                    for lab in labels.get(u.id, [])
                ],
                contacts=[
                    ContactSeed(
                        id=c.id,
                        name=c.name,
                        email=c.email,
                        phone=c.phone,
                        company=c.company,
                        notes=c.notes,
                    )
                    for c in contacts.get(u.id, [])
                ],
            )
            for u in users
        ],
        messages=[
            MessageSeed(
                id=m.id,
                owner=names[m.owner_id],
                folder=folder_name[m.folder_id],
                from_address=m.from_address,
                from_name=m.from_name,
                to=m.to_addresses,
                cc=m.cc_addresses,
                bcc=m.bcc_addresses,
                subject=m.subject,
                body=m.body,
                body_html=m.body_html,
                date=m.date.replace(tzinfo=UTC),
                read=m.is_read,
                starred=m.is_starred,
                labels=[label_name[lid] for lid in link_rows.get(m.id, [])],
                thread=None if m.thread_id == default_thread_id(m.id) else m.thread_id,
                message_id=None if m.message_id == default_message_id(m.id) else m.message_id,
                in_reply_to=m.in_reply_to,
                references=m.references,
                original_folder=(
                    folder_name[m.original_folder_id] if m.original_folder_id else None
                ),
                attachments=[_attachment_seed(a) for a in atts.get(m.id, [])],
            )
            for m in session.scalars(select(Message).order_by(Message.id))
        ],
    )
