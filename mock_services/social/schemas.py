"""Request bodies and answers of the social API."""

from __future__ import annotations

from pydantic import Field

from mock_services.core.base.schemas import ApiModel, OutModel, PageQuery
from mock_services.social.models import MediaKind, MessagePolicy, NotificationKind, Visibility
from mock_services.social.text import MAX_MEDIA, MAX_POST_CHARS

_Username = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.@-]+$")


class UserRef(OutModel):
    id: int
    username: str
    display_name: str


class UserPage(OutModel):
    items: list[UserRef]
    total: int
    page: int
    per_page: int


class RelationshipOut(OutModel):
    following: bool = Field(description="you follow them")
    followed_by: bool = Field(description="they follow you")
    blocking: bool = Field(description="you blocked them")
    muting: bool = Field(description="you muted them")


class ProfileOut(OutModel):
    id: int
    username: str
    display_name: str
    bio: str
    location: str | None
    website: str | None
    messages_from: MessagePolicy
    joined_at: str
    followers_count: int
    following_count: int
    posts_count: int
    relationship: RelationshipOut | None = Field(description="null on your own profile")


class ProfileUpdate(ApiModel):
    display_name: str | None = Field(None, min_length=1, max_length=200)
    bio: str | None = Field(None, max_length=300)
    location: str | None = Field(None, max_length=100)
    website: str | None = Field(None, max_length=200, pattern=r"^https?://")
    messages_from: MessagePolicy | None = Field(
        None, description="who may message you: everyone, or only people you follow"
    )


class UserQuery(PageQuery):
    q: str | None = Field(None, max_length=100, description="part of a username or name")


class UsernameBody(ApiModel):
    username: str = _Username


class MediaIn(ApiModel):
    kind: MediaKind
    url: str = Field(min_length=1, max_length=500, pattern=r"^https?://")
    alt_text: str = Field("", max_length=500)


class PostCreate(ApiModel):
    text: str = Field("", max_length=MAX_POST_CHARS, description="#hashtags and @mentions count")
    visibility: Visibility = Field(
        "public", description="public, or followers: seen only by your followers"
    )
    media: list[MediaIn] = Field([], max_length=MAX_MEDIA)
    reply_to_id: int | None = Field(None, ge=1, description="the post this one answers")


class MediaOut(OutModel):
    id: int
    kind: MediaKind
    url: str
    alt_text: str


class PostBody(OutModel):
    id: int
    author: UserRef
    text: str
    visibility: Visibility
    created_at: str
    reply_to_id: int | None
    media: list[MediaOut]
    hashtags: list[str]
    like_count: int
    repost_count: int
    reply_count: int
    liked: bool = Field(description="you like it")
    reposted: bool = Field(description="you reposted it")


class PostOut(PostBody):
    repost_of: PostBody | None = Field(
        description="for a repost: the original (likes, replies and reposts go to it)"
    )


class PostPage(OutModel):
    items: list[PostOut]
    total: int
    page: int
    per_page: int


class PostQuery(PageQuery):
    q: str | None = Field(None, max_length=200, description="words the text contains")
    hashtag: str | None = Field(None, max_length=100, description="with or without '#'")
    author: str | None = Field(None, max_length=64, description="username")


class HashtagCount(OutModel):
    tag: str
    posts: int


class TrendingOut(OutModel):
    items: list[HashtagCount]


class NotificationOut(OutModel):
    id: int
    kind: NotificationKind
    actor: UserRef
    post_id: int | None
    created_at: str
    read: bool


class NotificationPage(OutModel):
    items: list[NotificationOut]
    total: int
    page: int
    per_page: int


class NotificationQuery(PageQuery):
    unread: bool | None = Field(None, description="true: only unread; false: only read")


class NotificationsRead(ApiModel):
    ids: list[int] | None = Field(
        None, max_length=1000, description="the notifications to mark read; omit for all unread"
    )


class MarkedOut(OutModel):
    marked: int


class MessageCreate(ApiModel):
    text: str = Field(min_length=1, max_length=2000)


class MessageOut(OutModel):
    id: int
    sender: str
    recipient: str
    text: str
    sent_at: str
    read_at: str | None


class MessagePage(OutModel):
    with_user: UserRef
    items: list[MessageOut]
    total: int
    page: int
    per_page: int


class ConversationOut(OutModel):
    with_user: UserRef
    last_message: MessageOut
    unread: int


class ConversationList(OutModel):
    items: list[ConversationOut]
