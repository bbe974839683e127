"""The email seed: accounts (with folders, labels, contacts) and one row per mailbox copy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field
from sqlalchemy.orm import Session, selectinload

from mock_services.core.base.schemas import EmailAddress
from mock_services.core.seeding.files import FILE_FIELDS, FileSeed
from mock_services.core.seeding.seed import (
    Loc,
    SeedContext,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    bulk_insert,
)
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    ColumnField,
    Entity,
    Entry,
    Exporting,
    Hook,
    Loading,
    Ref,
    Section,
    SeedMap,
    moment,
)
from mock_services.core.seeding.users import UserSeed
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


class AttachmentSeed(FileSeed):
    """A mail's attachment: give ``text`` (stored UTF-8) or ``content_base64`` (any bytes)."""


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


# --- Load and export: one mapping per entity ---------------------------------------------------


def _named(item: str | FolderSeed | LabelSeed) -> tuple[int | None, str]:
    return (None, item) if isinstance(item, str) else (item.id, item.name)


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


def _check_account(entry: Entry) -> None:
    """An account's address is its own (ignoring case); its folder and label names are sound."""
    user, loc = entry.seed, entry.loc
    if entry.loading.earlier("user", "email", entry):
        address = entry.row["email"]
        first = next(
            j for j, u in enumerate(entry.loading.document.users) if u.email.lower() == address
        )
        raise entry.ctx.error(
            (*loc, "email"),
            f"address {user.email!r} is already used by users[{first}]; "
            "each account needs its own address",
        )
    _check_names(entry.ctx, user.folders, (*loc, "folders"), "folder")
    _check_names(entry.ctx, user.labels, (*loc, "labels"), "label")


def _account_folders(listed: list[str | FolderSeed], loc: Loc) -> list[tuple[Any, Loc]]:
    """An account's folders: the six system ones (pinned when listed), then its custom ones in
    document order; a system folder not listed is at the list's path."""
    system: dict[str, tuple[Any, Loc]] = {
        name: (FolderSeed.model_construct(id=None, name=name), loc) for name in SYSTEM_FOLDERS
    }
    custom: list[tuple[Any, Loc]] = []
    for j, item in enumerate(listed):
        pin, name = _named(item)
        if (key := name.casefold()) in system:
            system[key] = (FolderSeed.model_construct(id=pin, name=key), (*loc, j))
        else:
            custom.append((FolderSeed.model_construct(id=pin, name=name), (*loc, j)))
    return [*system.values(), *custom]


def _account_labels(listed: list[str | LabelSeed], loc: Loc) -> list[tuple[Any, Loc]]:
    """An account's labels; a bare name is a label without a pinned id or color."""
    return [
        (
            LabelSeed.model_construct(id=None, name=item, color=None)
            if isinstance(item, str)
            else item,
            (*loc, j),
        )
        for j, item in enumerate(listed)
    ]


def _owned(loading: Loading, entity: str, owner: int, name: str) -> int | None:
    """The id of ``owner``'s folder (or label) ``name`` (ignoring case), else None."""
    folded = name.casefold()
    rows = loading.grouped(entity, "owner_id").get(owner, [])
    return next((row["id"] for row in rows if row["name"].casefold() == folded), None)


def _known(loading: Loading, entity: str, owner: int) -> str:
    """``owner``'s folder (or label) names, for an error."""
    rows = loading.grouped(entity, "owner_id").get(owner, [])
    return ", ".join(repr(row["name"]) for row in rows)


def _folder_id(entry: Entry, seed: str) -> int:
    """The id of the message owner's folder that seed field ``seed`` names."""
    name = getattr(entry.seed, seed)
    owner = entry.row["owner_id"]
    found = _owned(entry.loading, "folder", owner, name)
    if found is None:
        known = _known(entry.loading, "folder", owner)
        raise entry.ctx.error(
            (*entry.loc, seed), f"unknown folder {name!r} of this owner; expected one of: {known}"
        )
    return found


def _original_folder_id(entry: Entry) -> int | None:
    """The folder a message in trash is restored to, if the seed names one."""
    if entry.seed.original_folder is None:
        return None
    if entry.seed.folder.casefold() != "trash":
        raise entry.ctx.error(
            (*entry.loc, "original_folder"), "only messages in 'trash' have an original folder"
        )
    return _folder_id(entry, "original_folder")


def _folder_name(column: str) -> Callable[[Any, Exporting], str | None]:
    """Dumps the message's folder id in ``column`` as the folder's name."""

    def folder_name(message: Message, export: Exporting) -> str | None:
        folder_id = getattr(message, column)
        return None if folder_id is None else export.objects["folder"][folder_id].name

    return folder_name


def _or_from_id(seed: str, column: str, make: Callable[[int], str]) -> Hook:
    """A value the seed may give, else ``make(id)``; the dump leaves out the one made."""

    def load(entry: Entry) -> str:
        return getattr(entry.seed, seed) or make(entry.row["id"])

    def shown(message: Message, export: Exporting) -> str | None:
        value: str = getattr(message, column)
        return None if value == make(message.id) else value

    return Hook(seed, column, load, shown)


def _addresses(seed: str, column: str) -> ColumnField:
    """A list of addresses, stored lower-case."""
    return ColumnField(seed, column, to_row=lambda addresses: [a.lower() for a in addresses])


def _label_links(session: Session, loading: Loading) -> None:
    """The labels each message names, as link rows (in message and label id order)."""
    links: list[dict[str, Any]] = []
    messages = loading.rows["message"].values()  # in document order
    for i, (msg, row) in enumerate(zip(loading.document.messages, messages, strict=True)):
        labelled: list[int] = []
        for j, name in enumerate(msg.labels):
            found = _owned(loading, "label", row["owner_id"], name)
            if found is None:
                known = _known(loading, "label", row["owner_id"]) or "none"
                raise loading.ctx.error(
                    ("messages", i, "labels", j),
                    f"unknown label {name!r} of {msg.owner!r}; expected one of: "
                    f"{known} (declare it in the account's 'labels')",
                )
            if found in labelled:
                raise loading.ctx.error(
                    ("messages", i, "labels", j), f"label {name!r} is listed twice"
                )
            labelled.append(found)
        links += [{"message_id": row["id"], "label_id": label_id} for label_id in labelled]
    links.sort(key=lambda link: (link["message_id"], link["label_id"]))
    bulk_insert(session, MessageLabel, links)


def _label_names(message: Message, export: Exporting) -> list[str]:
    labels = export.objects["label"]
    links = sorted(message.label_links, key=lambda link: link.label_id)
    return [labels[link.label_id].name for link in links]


_ADDRESS = ColumnField("email", to_row=str.lower)  # stored lower-case, compared so

FOLDER = Entity(
    "folder",
    FolderSeed,
    Folder,
    ("name", Hook(column="is_system", load_with=lambda entry: entry.seed.name in SYSTEM_FOLDERS)),
)
LABEL = Entity("label", LabelSeed, Label, ("name", "color"))
CONTACT = Entity(
    "contact",
    ContactSeed,
    Contact,
    ("name", _ADDRESS, "phone", "company", "notes"),
)
USER = Entity(
    "user",
    AccountSeed,
    User,
    (
        *(mapped for mapped in USER_FIELDS if mapped != "email"),
        _ADDRESS,
        "signature",
    ),
    key="username",
    children=(
        Children("folders", FOLDER, "owner_id", expand=_account_folders),
        Children("labels", LABEL, "owner_id", expand=_account_labels),
        Children("contacts", CONTACT, "owner_id"),
    ),
    check=_check_account,
)
ATTACHMENT = Entity(
    "attachment",
    AttachmentSeed,
    Attachment,
    (*FILE_FIELDS,),
)
MESSAGE = Entity(
    "message",
    MessageSeed,
    Message,
    (
        Ref("owner", "owner_id", "user"),
        Hook(
            "folder",
            "folder_id",
            lambda entry: _folder_id(entry, "folder"),
            _folder_name("folder_id"),
        ),
        Hook(
            "original_folder",
            "original_folder_id",
            _original_folder_id,
            _folder_name("original_folder_id"),
        ),
        _or_from_id("thread", "thread_id", default_thread_id),
        _or_from_id("message_id", "message_id", default_message_id),
        "in_reply_to",
        "references",
        ColumnField("from_address", to_row=str.lower),
        "from_name",
        _addresses("to", "to_addresses"),
        _addresses("cc", "cc_addresses"),
        _addresses("bcc", "bcc_addresses"),
        "subject",
        "body",
        "body_html",
        moment("date"),
        ColumnField("read", "is_read"),
        ColumnField("starred", "is_starred"),
        Hook("labels", dump_with=_label_names),
    ),
    children=(Children("attachments", ATTACHMENT, "message_id"),),
    dump_options=(selectinload(Message.label_links),),
)
SEED_MAP = SeedMap(
    EmailSeed,
    (Section("users", USER), Section("messages", MESSAGE)),
    order=(USER, FOLDER, LABEL, CONTACT, MESSAGE, _label_links, ATTACHMENT),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
