"""The Chat seed document: users (with a title and a time zone), workspaces with their members,
and conversations (channels and direct messages) with their members' read marks and their
messages: thread replies, reactions, files and pins. People are named by username, a
conversation's workspace by its name; a message's mentions are read from its text. Load and
export come from the one mapping below (``mock_services.core.seeding.seed_map``)."""

from __future__ import annotations

from pydantic import Field, model_validator

from mock_services.chat.conversation_kinds import CHANNEL_NAME, Kind
from mock_services.chat.mentions import mentioned
from mock_services.chat.models import (
    Conversation,
    File,
    Member,
    Message,
    Reaction,
    User,
    Workspace,
    WorkspaceMember,
)
from mock_services.core.seeding.files import FILE_FIELDS, FileSeed
from mock_services.core.seeding.seed import SeedDateTime, SeedModel, ServiceSeed
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    Entity,
    Entry,
    Hook,
    Ref,
    Section,
    SeedMap,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed


class ChatUserSeed(UserSeed):
    title: str = Field("", max_length=100, description="job title")
    timezone: str = Field("UTC", description="IANA zone the UI shows their times in")


class WorkspaceMemberSeed(SeedModel):
    user: str = Field(description="a username")


class WorkspaceSeed(SeedModel):
    name: str = Field(min_length=1, max_length=100)
    domain: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,59}$", description="acme: acme.chat.test")
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")
    members: list[WorkspaceMemberSeed] = []


class MemberSeed(SeedModel):
    user: str = Field(description="a username")
    last_read: SeedDateTime | None = Field(
        None, description="read up to this moment (messages after it are unread); none: unread"
    )


class ReactionSeed(SeedModel):
    user: str = Field(description="a username")
    emoji: str = Field(pattern=r"^[a-z0-9_+-]{1,40}$", description="an emoji name: thumbsup")


class MessageSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    author: str = Field(description="a username")
    text: str = ""
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")
    edited_at: SeedDateTime | None = None
    pinned_at: SeedDateTime | None = None
    pinned_by: str | None = Field(None, description="a username; needs pinned_at")
    reactions: list[ReactionSeed] = []
    files: list[FileSeed] = []
    replies: list[MessageSeed] = Field([], description="the thread, oldest first")


class ConversationSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    workspace: str = Field(description="the workspace's name")
    kind: Kind = "public"
    name: str | None = Field(None, pattern=CHANNEL_NAME, description="a channel's; none for a dm")
    topic: str = Field("", max_length=250)
    purpose: str = Field("", max_length=250)
    archived: bool = False
    created_by: str = Field(description="a username")
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")
    members: list[MemberSeed] = []
    messages: list[MessageSeed] = []

    @model_validator(mode="after")
    def _named_if_channel(self) -> ConversationSeed:
        if (self.kind == "dm") != (self.name is None):
            raise ValueError("a channel has a name and a dm has none")
        return self


class ChatSeed(ServiceSeed):
    users: list[ChatUserSeed] = []
    workspaces: list[WorkspaceSeed] = []
    conversations: list[ConversationSeed] = []


def dm_key(user_ids: list[int]) -> str:
    """The key of the direct message between these people: their ids, sorted, once each."""
    return ",".join(str(i) for i in sorted(set(user_ids)))


def _dm_key(entry: Entry) -> str | None:
    seed = entry.seed
    if seed.kind != "dm":
        return None
    ids = [
        entry.ctx.ref("user", m.user, (*entry.loc, "members", i, "user"))
        for i, m in enumerate(seed.members)
    ]
    return dm_key(ids)


def _mentions(entry: Entry) -> list[str]:
    names = mentioned(entry.seed.text)
    for name in names:
        entry.ctx.ref("user", name, (*entry.loc, "text"))
    return names


def _check_message(entry: Entry) -> None:
    seed = entry.seed
    if entry.via is not None and entry.via.seed == "replies" and seed.replies:
        raise entry.ctx.error((*entry.loc, "replies"), "a reply cannot have replies of its own")
    if seed.pinned_by is not None and seed.pinned_at is None:
        raise entry.ctx.error((*entry.loc, "pinned_at"), "a pinned message needs pinned_at")


USER = Entity("user", ChatUserSeed, User, (*USER_FIELDS, "title", "timezone"), key="username")
WORKSPACE_MEMBER = Entity(
    "workspace_member",
    WorkspaceMemberSeed,
    WorkspaceMember,
    (Ref("user", "user_id", "user"),),
    ids_if_needed=True,
)
WORKSPACE = Entity(
    "workspace",
    WorkspaceSeed,
    Workspace,
    ("name", "domain", moment("created_at", default=now_naive)),
    key="name",
    children=(Children("members", WORKSPACE_MEMBER, "workspace_id"),),
    ids_if_needed=True,
)
MEMBER = Entity(
    "member",
    MemberSeed,
    Member,
    (Ref("user", "user_id", "user"), moment("last_read", "last_read_at")),
    ids_if_needed=True,
)
REACTION = Entity(
    "reaction",
    ReactionSeed,
    Reaction,
    (Ref("user", "user_id", "user"), "emoji"),
    ids_if_needed=True,
)
FILE = Entity("file", FileSeed, File, FILE_FIELDS, ids_if_needed=True)
MESSAGE = Entity(
    "message",
    MessageSeed,
    Message,
    (
        Ref("author", "user_id", "user"),
        "text",
        Hook(column="mentions", load_with=_mentions),
        moment("created_at", default=now_naive),
        moment("edited_at"),
        moment("pinned_at"),
        Ref("pinned_by", "pinned_by_id", "user"),
    ),
    children=(
        Children("replies", None, "thread_parent_id", inherit=("conversation_id",)),
        Children("reactions", REACTION, "message_id"),
        Children("files", FILE, "message_id"),
    ),
    check=_check_message,
    ids_if_needed=True,
)
CONVERSATION = Entity(
    "conversation",
    ConversationSeed,
    Conversation,
    (
        Ref("workspace", "workspace_id", "workspace"),
        "kind",
        "name",
        "topic",
        "purpose",
        "archived",
        Hook(column="dm_key", load_with=_dm_key),
        Ref("created_by", "created_by_id", "user"),
        moment("created_at", default=now_naive),
    ),
    children=(
        Children("members", MEMBER, "conversation_id"),
        Children(
            "messages",
            MESSAGE,
            "conversation_id",
            where=lambda message: message.thread_parent_id is None,
        ),
    ),
    ids_if_needed=True,
)
SEED_MAP = SeedMap(
    ChatSeed,
    (
        Section("users", USER),
        Section("workspaces", WORKSPACE),
        Section("conversations", CONVERSATION),
    ),
    order=(USER, WORKSPACE, WORKSPACE_MEMBER, CONVERSATION, MEMBER, MESSAGE, REACTION, FILE),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
