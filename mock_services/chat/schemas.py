"""What the Chat API takes and answers (the UI's forms validate through the same models)."""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Annotated

from pydantic import AfterValidator, Field, model_validator

from mock_services.chat.conversation_kinds import CHANNEL_NAME, Kind
from mock_services.core.base.file_content import check_one_content, content_bytes
from mock_services.core.base.schemas import ApiModel, OutModel, PageQuery

EMOJI = r"^[a-z0-9_+-]{1,40}$"


# --- People and workspaces ------------------------------------------------------------------


class UserOut(OutModel):
    username: str
    display_name: str
    title: str
    timezone: str
    email: str


class UserPage(OutModel):
    items: list[UserOut]
    total: int
    page: int
    per_page: int


class MemberQuery(PageQuery):
    workspace_id: int | None = Field(None, description="only this workspace's members")
    q: str | None = Field(None, max_length=100, description="text in the name, username or title")


class WorkspaceOut(OutModel):
    id: int
    name: str
    domain: str
    member_count: int
    created_at: str


class WorkspaceList(OutModel):
    items: list[WorkspaceOut]


# --- Conversations ----------------------------------------------------------------------------


class ConversationQuery(PageQuery):
    workspace_id: int | None = Field(None, description="only this workspace's conversations")
    kind: Kind | None = Field(None, description="public, private or dm")
    joined: bool | None = Field(
        None, description="true: only those the caller is in; false: public ones they are not in"
    )
    include_archived: bool = Field(False, description="archived channels too")


class ConversationOut(OutModel):
    id: int
    workspace_id: int
    kind: str
    name: str | None = Field(description="a channel's name (without '#'); null for a dm")
    label: str = Field(description="as the UI names it: '#general', or a dm's other members")
    topic: str
    purpose: str
    archived: bool
    is_member: bool
    members: list[str] = Field(description="usernames")
    unread_count: int = Field(description="messages (not replies) by others after last_read_at")
    last_read_at: str | None
    created_by: str
    created_at: str


class ConversationPage(OutModel):
    items: list[ConversationOut]
    total: int
    page: int
    per_page: int


def _channel_name(value: str) -> str:
    if not re.fullmatch(CHANNEL_NAME, value):
        raise ValueError(
            "expected lowercase letters, digits, '-' and '_' (no spaces, at most 80), "
            "such as launch-2027"
        )
    return value


class ChannelCreate(ApiModel):
    name: Annotated[str, AfterValidator(_channel_name)] = Field(
        description="lowercase letters, digits, '-' and '_', at most 80, e.g. 'launch-2027'",
        examples=["launch-2027"],
    )
    workspace_id: int | None = Field(None, description="default: the caller's first workspace")
    private: bool = Field(False, description="true: only its members see it")
    topic: str = Field("", max_length=250)
    purpose: str = Field("", max_length=250)
    members: list[str] = Field([], description="usernames to add besides the caller")


class ChannelUpdate(ApiModel):
    topic: str | None = Field(None, max_length=250)
    purpose: str | None = Field(None, max_length=250)


class InviteRequest(ApiModel):
    usernames: list[str] = Field(min_length=1, description="usernames to add to the channel")


class DmOpen(ApiModel):
    usernames: list[str] = Field(
        min_length=1, max_length=8, description="the other people (the caller is always in it)"
    )
    workspace_id: int | None = Field(None, description="default: the caller's first workspace")


class ReadMark(ApiModel):
    message_id: int | None = Field(
        None, description="read up to this message; default: up to the latest"
    )


# --- Messages ----------------------------------------------------------------------------------


class FileUpload(ApiModel):
    filename: str = Field(min_length=1, max_length=255)
    content_type: str = Field("text/plain", min_length=1, max_length=200, pattern=r"^[\w.+-]+/")
    text: str | None = Field(None, description="the content as text (stored UTF-8)")
    content_base64: str | None = Field(None, description="the content's bytes, base64")

    @model_validator(mode="after")
    def _one_content(self) -> FileUpload:
        check_one_content(self.text, self.content_base64)
        return self

    def raw(self) -> bytes:
        return content_bytes(self.text, self.content_base64)


class MessageCreate(ApiModel):
    text: str = Field(
        "",
        max_length=4000,
        description="the message; '@username' mentions a member of the workspace",
    )
    files: list[FileUpload] = Field([], max_length=10, description="files to attach")

    @model_validator(mode="after")
    def _something(self) -> MessageCreate:
        if not self.text.strip() and not self.files:
            raise ValueError("write a message or attach a file")
        return self


class MessageEdit(ApiModel):
    text: str = Field(min_length=1, max_length=4000)


def _emoji_name(value: str) -> str:
    if not re.fullmatch(EMOJI, value):
        raise ValueError(
            "expected an emoji name such as thumbsup or white_check_mark (lowercase letters, "
            "digits, '_', '+' and '-', no colons)"
        )
    return value


class ReactionAdd(ApiModel):
    emoji: Annotated[str, AfterValidator(_emoji_name)] = Field(
        description="an emoji name such as 'thumbsup' or 'tada'", examples=["thumbsup"]
    )


class MessageQuery(PageQuery):
    before: datetime | None = Field(None, description="only messages before this moment")
    after: datetime | None = Field(None, description="only messages after this moment")


class ReactionOut(OutModel):
    emoji: str
    count: int
    users: list[str] = Field(description="usernames, in the order they reacted")


class FileOut(OutModel):
    id: int
    message_id: int
    filename: str
    content_type: str
    size: int
    url: str = Field(description="where to download it (download_file)")


class MessageOut(OutModel):
    id: int
    conversation_id: int
    thread_parent_id: int | None = Field(description="the message this one replies to")
    author: str = Field(description="username")
    author_name: str
    text: str
    mentions: list[str] = Field(description="the usernames the text mentions")
    created_at: str
    edited_at: str | None
    reply_count: int
    last_reply_at: str | None
    reactions: list[ReactionOut]
    files: list[FileOut]
    pinned: bool
    pinned_by: str | None
    pinned_at: str | None


class MessagePage(OutModel):
    items: list[MessageOut]
    total: int
    page: int
    per_page: int


class SearchQuery(PageQuery):
    q: str = Field(
        "",
        max_length=200,
        description="words to find; may hold 'from:@bob', 'in:#general', 'after:2026-03-01', "
        "'before:2026-03-05'",
    )
    from_user: str | None = Field(None, description="only messages by this username")
    in_conversation: str | None = Field(
        None, description="only this conversation: a channel's name ('general') or an id"
    )
    after: date | None = Field(None, description="only messages from the day after this one")
    before: date | None = Field(None, description="only messages from days before this one")
