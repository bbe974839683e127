"""The social network's rules, shared by the JSON API and the web UI.

Who sees a post is decided in one place, ``visible``: its author always; nobody on either side
of a block; everyone for a public post, followers only for a followers-only one; never once
deleted. A repost is seen only when its original is. Every listing, search and look-up by id
filters through it, so a hidden post is indistinguishable from a missing one (404).

Every action is the logged-in caller's own: no route takes another user to act as.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    BindParameter,
    Exists,
    Select,
    and_,
    bindparam,
    exists,
    func,
    or_,
    select,
    union,
)
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql.elements import ColumnElement

from mock_services.core.base.access import require_owner
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, Forbidden, NotFound, ValidationFailed
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, Paging, page_of_select
from mock_services.core.data.transaction import PlainStatement, Transaction
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail
from mock_services.social.models import (
    Block,
    Follow,
    Hashtag,
    Like,
    Media,
    Message,
    Mute,
    Notification,
    Post,
    User,
)
from mock_services.social.text import hashtags_in, mentions_in

DEFAULT_SENDER = "notifications@social.example.com"
RelationModel = type[Follow] | type[Block] | type[Mute]
RELATION_COLUMNS: dict[Any, tuple[str, str]] = {
    Follow: ("follower_id", "followee_id"),
    Block: ("blocker_id", "blocked_id"),
    Mute: ("muter_id", "muted_id"),
}
"""Each relation's (who, towards whom) columns."""
TRENDING_WINDOW = timedelta(days=7)
TRENDING_SIZE = 10


@dataclass(frozen=True)
class MediaInput:
    kind: str
    url: str
    alt_text: str = ""


def _now(ctx: Ctx) -> datetime:
    return to_naive_utc(ctx.now)


VIEWER: BindParameter[int] = bindparam("viewer")
"""Whose eyes a statement looks through: statements are built once, with the caller bound
as ``viewer`` when they run (building a statement costs as much as running it)."""


def paged(ctx: Ctx, stmt: Select[Any], paging: Paging) -> Page[Any]:
    """One page of ``stmt``'s rows, seen by the caller, and the number of rows in all pages."""
    return page_of_select(ctx.session, stmt, paging, {"viewer": ctx.user_id})


# --- Users and relations ---------------------------------------------------------------------


def user_named(session: Session, username: str) -> User:
    user = session.scalar(select(User).where(User.username == username))
    if user is None:
        raise NotFound(f"no user @{username}; find people with GET /api/users?q=...")
    return user


# The three below take a user id, or VIEWER in statements built once.


def _blocked_either_way(viewer: Any) -> Any:
    """Ids of users who blocked the viewer or whom the viewer blocked."""
    return union(
        select(Block.blocked_id).where(Block.blocker_id == viewer),
        select(Block.blocker_id).where(Block.blocked_id == viewer),
    )


def _followed_by(viewer: Any) -> Select[Any]:
    return select(Follow.followee_id).where(Follow.follower_id == viewer)


def _muted_by(viewer: Any) -> Select[Any]:
    return select(Mute.muted_id).where(Mute.muter_id == viewer)


def _has(session: Session, model: type[Any], **columns: int) -> Any:
    return session.scalar(select(model).filter_by(**columns))


def is_blocked_by(session: Session, blocker_id: int, blocked_id: int) -> bool:
    return _has(session, Block, blocker_id=blocker_id, blocked_id=blocked_id) is not None


def is_following(session: Session, follower_id: int, followee_id: int) -> bool:
    return _has(session, Follow, follower_id=follower_id, followee_id=followee_id) is not None


def _blocked_between(session: Session, one: int, other: int) -> bool:
    return is_blocked_by(session, one, other) or is_blocked_by(session, other, one)


def visible_user(ctx: Ctx, username: str) -> User:
    """A user the caller may look at: anyone but someone who blocked the caller."""
    user = user_named(ctx.session, username)
    if user.id != ctx.user_id and is_blocked_by(ctx.session, user.id, ctx.user_id):
        raise Forbidden(f"@{username} has blocked you: you cannot see their profile or posts")
    return user


@dataclass(frozen=True)
class Relationship:
    following: bool
    followed_by: bool
    blocking: bool
    muting: bool


def relationship(session: Session, viewer_id: int, other_id: int) -> Relationship:
    return Relationship(
        following=is_following(session, viewer_id, other_id),
        followed_by=is_following(session, other_id, viewer_id),
        blocking=is_blocked_by(session, viewer_id, other_id),
        muting=_has(session, Mute, muter_id=viewer_id, muted_id=other_id) is not None,
    )


@dataclass(frozen=True)
class ProfileCounts:
    followers: int
    following: int
    posts: int


def profile_counts(session: Session, user_id: int) -> ProfileCounts:
    def count(stmt: Select[Any]) -> int:
        return session.scalar(stmt) or 0

    return ProfileCounts(
        followers=count(select(func.count()).where(Follow.followee_id == user_id)),
        following=count(select(func.count()).where(Follow.follower_id == user_id)),
        posts=count(
            select(func.count()).where(
                Post.author_id == user_id, Post.deleted_at.is_(None), Post.repost_of_id.is_(None)
            )
        ),
    )


def update_profile(ctx: Ctx, changes: dict[str, Any]) -> User:
    for name, value in changes.items():
        setattr(ctx.user, name, value)
    return ctx.user


def search_users(ctx: Ctx, q: str | None, paging: Paging) -> Page[User]:
    """Users whose username or name contains ``q``, except those who blocked the caller."""
    stmt = select(User).where(
        User.id.not_in(select(Block.blocker_id).where(Block.blocked_id == ctx.user_id))
    )
    if q:
        stmt = stmt.where(or_(contains_text(User.username, q), contains_text(User.display_name, q)))
    return paged(ctx, stmt.order_by(User.username), paging)


def follow_list(ctx: Ctx, username: str, direction: str, paging: Paging) -> Page[User]:
    """``direction`` 'followers' (who follows the user) or 'following' (whom the user follows)."""
    user = visible_user(ctx, username)
    mine, theirs = (
        (Follow.followee_id, Follow.follower_id)
        if direction == "followers"
        else (Follow.follower_id, Follow.followee_id)
    )
    stmt = (
        select(User)
        .join(Follow, theirs == User.id)
        .where(mine == user.id)
        .order_by(Follow.created_at.desc(), Follow.id.desc())
    )
    return paged(ctx, stmt, paging)


def _other_user(ctx: Ctx, username: str, action: str) -> User:
    other = user_named(ctx.session, username)
    if other.id == ctx.user_id:
        raise ValidationFailed(f"you cannot {action} yourself")
    return other


def follow(ctx: Ctx, username: str) -> User:
    other = _other_user(ctx, username, "follow")
    if is_blocked_by(ctx.session, other.id, ctx.user_id):
        raise Forbidden(f"@{username} has blocked you: you cannot follow them")
    if is_blocked_by(ctx.session, ctx.user_id, other.id):
        raise Conflict(f"you have blocked @{username}: unblock them first")
    if is_following(ctx.session, ctx.user_id, other.id):
        raise Conflict(f"you already follow @{username}")
    ctx.session.add(Follow(follower_id=ctx.user_id, followee_id=other.id, created_at=_now(ctx)))
    _notify(ctx, other.id, "follow", None)
    return other


def unfollow(ctx: Ctx, username: str) -> None:
    _end_relation(ctx, Follow, username, "you do not follow @{}")


def block(ctx: Ctx, username: str) -> User:
    """Block ``username``: follows both ways end; neither sees the other's posts or messages."""
    other = _other_user(ctx, username, "block")
    if is_blocked_by(ctx.session, ctx.user_id, other.id):
        raise Conflict(f"you have already blocked @{username}")
    ctx.session.add(Block(blocker_id=ctx.user_id, blocked_id=other.id, created_at=_now(ctx)))
    for follower, followee in ((ctx.user_id, other.id), (other.id, ctx.user_id)):
        row = _has(ctx.session, Follow, follower_id=follower, followee_id=followee)
        if row is not None:
            ctx.session.delete(row)
    return other


def unblock(ctx: Ctx, username: str) -> None:
    _end_relation(ctx, Block, username, "you have not blocked @{}")


def mute(ctx: Ctx, username: str) -> User:
    """Mute ``username``: their posts leave the caller's home timeline and notifications."""
    other = _other_user(ctx, username, "mute")
    if _has(ctx.session, Mute, muter_id=ctx.user_id, muted_id=other.id) is not None:
        raise Conflict(f"you have already muted @{username}")
    ctx.session.add(Mute(muter_id=ctx.user_id, muted_id=other.id, created_at=_now(ctx)))
    return other


def unmute(ctx: Ctx, username: str) -> None:
    _end_relation(ctx, Mute, username, "you have not muted @{}")


def _end_relation(ctx: Ctx, model: RelationModel, username: str, missing: str) -> None:
    """Delete the caller's follow, block or mute of ``username`` (404 ``missing`` if none)."""
    other = user_named(ctx.session, username)
    subject, target = RELATION_COLUMNS[model]
    row = _has(ctx.session, model, **{subject: ctx.user_id, target: other.id})
    if row is None:
        raise NotFound(missing.format(username))
    ctx.session.delete(row)


def relation_list(ctx: Ctx, model: RelationModel) -> list[User]:
    """The users the caller follows, blocked or muted, most recent first."""
    subject, target = (getattr(model, column) for column in RELATION_COLUMNS[model])
    stmt = (
        select(User)
        .join(model, target == User.id)
        .where(subject == ctx.user_id)
        .order_by(model.created_at.desc(), model.id.desc())
    )
    return list(ctx.session.scalars(stmt))


# --- Who sees which post ---------------------------------------------------------------------


# Written as lookups of the post's own author and original (EXISTS on unique keys), not as
# IN lists: SQLite builds an IN list's table on every run, and the originals' list held every
# visible post (a post by id: 22 us for the rule alone, most of its two queries).
def _can_see(post: Any) -> ColumnElement[bool]:
    return and_(
        post.deleted_at.is_(None),
        or_(
            post.author_id == VIEWER,
            and_(
                ~_block_between(VIEWER, post.author_id),
                or_(post.visibility == "public", _follows(VIEWER, post.author_id)),
            ),
        ),
    )


def _block_between(viewer: Any, author: Any) -> ColumnElement[bool]:
    """One of the two blocked the other."""
    return or_(
        exists().where(Block.blocker_id == viewer, Block.blocked_id == author),
        exists().where(Block.blocker_id == author, Block.blocked_id == viewer),
    )


def _follows(viewer: Any, author: Any) -> Exists:
    return exists().where(Follow.follower_id == viewer, Follow.followee_id == author)


_ORIGINAL = aliased(Post)
VISIBLE = and_(
    _can_see(Post),
    or_(
        Post.repost_of_id.is_(None),
        exists().where(_ORIGINAL.id == Post.repost_of_id, _can_see(_ORIGINAL)),
    ),
)
"""``Post`` rows the viewer may see (a repost only with its original)."""


_VISIBLE_POST = PlainStatement.of(select(Post.id).where(Post.id == bindparam("post_id"), VISIBLE))
"""The ``VISIBLE`` rule itself, compiled, for a look-up by id without the ORM."""


def can_see_post(db: Transaction, viewer_id: int, post_id: int) -> bool:
    params = _VISIBLE_POST.params(post_id=post_id, viewer=viewer_id)
    return db.one(_VISIBLE_POST.sql, params) is not None


def visible_post_id(ctx: Ctx, post_id: int) -> int:
    """``post_id`` if the caller may see that post; 404 otherwise (hidden looks missing)."""
    if not can_see_post(ctx.db, ctx.user_id, post_id):
        raise NotFound(f"no post {post_id} (it does not exist, was deleted or is not shown to you)")
    return post_id


def visible_post(ctx: Ctx, post_id: int) -> Post:
    """The post ``post_id`` (mapped, for a write) if the caller may see it; 404 otherwise."""
    return ctx.session.get_one(Post, visible_post_id(ctx, post_id))


def _original(ctx: Ctx, post: Post) -> Post:
    """The post a like, repost or reply is about: a repost stands for its original."""
    return ctx.session.get_one(Post, post.repost_of_id) if post.repost_of_id else post


def _newest_first(stmt: Select[Any]) -> Select[Any]:
    return stmt.order_by(Post.created_at.desc(), Post.id.desc())


_MUTED_ORIGINALS = select(_ORIGINAL.id).where(_ORIGINAL.author_id.in_(_muted_by(VIEWER)))
_HOME = select(Post).where(
    VISIBLE,
    Post.reply_to_id.is_(None),
    or_(Post.author_id == VIEWER, Post.author_id.in_(_followed_by(VIEWER))),
    Post.author_id.not_in(_muted_by(VIEWER)),
    or_(Post.repost_of_id.is_(None), Post.repost_of_id.not_in(_MUTED_ORIGINALS)),
)


def home_timeline(ctx: Ctx, paging: Paging) -> Page[Post]:
    """Posts and reposts (not replies) of the caller and of whom they follow, newest first;
    muted users' posts, and reposts of them, left out."""
    return paged(ctx, _newest_first(_HOME), paging)


def user_posts(ctx: Ctx, username: str, paging: Paging) -> Page[Post]:
    """A profile's posts, replies and reposts the caller may see (muting does not hide them)."""
    user = visible_user(ctx, username)
    stmt = select(Post).where(Post.author_id == user.id, VISIBLE)
    return paged(ctx, _newest_first(stmt), paging)


def search_posts(
    ctx: Ctx,
    q: str | None,
    hashtag: str | None,
    author: str | None,
    paging: Paging,
) -> Page[Post]:
    """Visible posts (not reposts) containing every word of ``q``, tagged ``hashtag``, by
    ``author``."""
    stmt = select(Post).where(VISIBLE, Post.repost_of_id.is_(None))
    for word in (q or "").split()[:10]:
        stmt = stmt.where(contains_text(Post.text, word))
    if hashtag:
        tag = hashtag.removeprefix("#").casefold()
        stmt = stmt.where(Post.id.in_(select(Hashtag.post_id).where(Hashtag.tag == tag)))
    if author:
        stmt = stmt.where(Post.author_id == visible_user(ctx, author).id)
    return paged(ctx, _newest_first(stmt), paging)


def replies(ctx: Ctx, post_id: int, paging: Paging) -> Page[Post]:
    """The visible replies to a visible post, oldest first."""
    post = _original(ctx, visible_post(ctx, post_id))
    stmt = (
        select(Post).where(Post.reply_to_id == post.id, VISIBLE).order_by(Post.created_at, Post.id)
    )
    return paged(ctx, stmt, paging)


def trending(ctx: Ctx) -> list[tuple[str, int]]:
    """The most used hashtags of the last 7 days among posts the caller may see."""
    since = _now(ctx) - TRENDING_WINDOW
    count = func.count(Hashtag.id)
    stmt = (
        select(Hashtag.tag, count)
        .join(Post, Post.id == Hashtag.post_id)
        .where(VISIBLE, Post.created_at >= since)
        .group_by(Hashtag.tag)
        .order_by(count.desc(), Hashtag.tag)
        .limit(TRENDING_SIZE)
    )
    return [(tag, n) for tag, n in ctx.session.execute(stmt, {"viewer": ctx.user_id})]


# --- Writing posts ---------------------------------------------------------------------------


def create_post(
    ctx: Ctx,
    text: str,
    visibility: str,
    media: Sequence[MediaInput] = (),
    reply_to_id: int | None = None,
) -> Post:
    """A new post; a reply must answer a post the caller may see."""
    text = text.strip()
    if not text and not media:
        raise ValidationFailed("a post needs text or at least one media attachment")
    parent = _original(ctx, visible_post(ctx, reply_to_id)) if reply_to_id else None
    post = Post(
        author_id=ctx.user_id,
        text=text,
        visibility=visibility,
        reply_to_id=parent.id if parent else None,
        created_at=_now(ctx),
    )
    ctx.session.add(post)
    ctx.session.flush()
    for item in media:
        ctx.session.add(
            Media(post_id=post.id, kind=item.kind, url=item.url, alt_text=item.alt_text)
        )
    for tag in hashtags_in(text):
        ctx.session.add(Hashtag(post_id=post.id, tag=tag))
    if parent is not None:
        _notify(ctx, parent.author_id, "reply", post.id)
    _notify_mentions(ctx, post)
    return post


def _notify_mentions(ctx: Ctx, post: Post) -> None:
    """Tell each mentioned user who may see the post (the replied-to author already knows)."""
    parent = ctx.session.get_one(Post, post.reply_to_id) if post.reply_to_id else None
    parent_author = parent.author_id if parent else None
    for name in mentions_in(post.text):
        user = ctx.session.scalar(select(User).where(User.username == name))
        if user is None or user.id == parent_author:
            continue
        if can_see_post(ctx.db, user.id, post.id):
            _notify(ctx, user.id, "mention", post.id)


def delete_post(ctx: Ctx, post_id: int) -> None:
    post = visible_post(ctx, post_id)
    require_owner(
        post,
        ctx.user_id,
        kind="post",
        key=post_id,
        owner_attr="author_id",
        hint="you can delete only your own posts",
    )
    post.deleted_at = _now(ctx)


def like(ctx: Ctx, post_id: int) -> Post:
    post = _original(ctx, visible_post(ctx, post_id))
    if _has(ctx.session, Like, user_id=ctx.user_id, post_id=post.id) is not None:
        raise Conflict(f"you already like post {post.id}")
    ctx.session.add(Like(user_id=ctx.user_id, post_id=post.id, created_at=_now(ctx)))
    _notify(ctx, post.author_id, "like", post.id)
    return post


def unlike(ctx: Ctx, post_id: int) -> None:
    post = _original(ctx, visible_post(ctx, post_id))
    row = _has(ctx.session, Like, user_id=ctx.user_id, post_id=post.id)
    if row is None:
        raise NotFound(f"you do not like post {post.id}")
    ctx.session.delete(row)


def likers(ctx: Ctx, post_id: int, paging: Paging) -> Page[User]:
    post = _original(ctx, visible_post(ctx, post_id))
    stmt = (
        select(User)
        .join(Like, Like.user_id == User.id)
        .where(Like.post_id == post.id)
        .order_by(Like.created_at.desc(), Like.id.desc())
    )
    return paged(ctx, stmt, paging)


def _my_repost(ctx: Ctx, original_id: int) -> Post | None:
    return ctx.session.scalar(
        select(Post).where(
            Post.author_id == ctx.user_id,
            Post.repost_of_id == original_id,
            Post.deleted_at.is_(None),
        )
    )


def repost(ctx: Ctx, post_id: int) -> Post:
    """Repost a public post (followers-only posts stay with the author's followers)."""
    original = _original(ctx, visible_post(ctx, post_id))
    if original.visibility != "public":
        raise Conflict(f"post {original.id} is for followers only and cannot be reposted")
    if _my_repost(ctx, original.id) is not None:
        raise Conflict(f"you already reposted post {original.id}")
    post = Post(
        author_id=ctx.user_id,
        text="",
        visibility="public",
        repost_of_id=original.id,
        created_at=_now(ctx),
    )
    ctx.session.add(post)
    ctx.session.flush()
    _notify(ctx, original.author_id, "repost", original.id)
    return post


def unrepost(ctx: Ctx, post_id: int) -> None:
    original = _original(ctx, visible_post(ctx, post_id))
    mine = _my_repost(ctx, original.id)
    if mine is None:
        raise NotFound(f"you have not reposted post {original.id}")
    mine.deleted_at = _now(ctx)


# --- Notifications ---------------------------------------------------------------------------


def _notify(ctx: Ctx, user_id: int, kind: str, post_id: int | None) -> None:
    """Tell ``user_id`` what the caller did, unless it is themselves or a block stands between."""
    if user_id == ctx.user_id or _blocked_between(ctx.session, user_id, ctx.user_id):
        return
    ctx.session.add(
        Notification(
            user_id=user_id,
            actor_id=ctx.user_id,
            kind=kind,
            post_id=post_id,
            created_at=_now(ctx),
        )
    )


_MY_NOTIFICATIONS = select(Notification).where(
    Notification.user_id == VIEWER,
    Notification.actor_id.not_in(_muted_by(VIEWER)),
    Notification.actor_id.not_in(_blocked_either_way(VIEWER)),
)
"""The viewer's notifications, without those from muted or blocked users."""


def notifications(ctx: Ctx, unread: bool | None, paging: Paging) -> Page[Notification]:
    stmt = _MY_NOTIFICATIONS
    if unread is not None:
        stmt = stmt.where(
            Notification.read_at.is_(None) if unread else Notification.read_at.is_not(None)
        )
    stmt = stmt.order_by(Notification.created_at.desc(), Notification.id.desc())
    return paged(ctx, stmt, paging)


def mark_notifications_read(ctx: Ctx, ids: Sequence[int] | None) -> int:
    """Mark the given notifications (all unread ones when ``ids`` is None) as read."""
    stmt = _MY_NOTIFICATIONS.where(Notification.read_at.is_(None))
    if ids is not None:
        mine = set(ctx.session.scalars(select(Notification.id).where(
            Notification.user_id == ctx.user_id, Notification.id.in_(ids)
        )))  # fmt: skip
        missing = sorted(set(ids) - mine)
        if missing:
            raise NotFound(f"no notification {missing[0]} of yours; see GET /api/notifications")
        stmt = stmt.where(Notification.id.in_(ids))
    rows = ctx.session.scalars(stmt, {"viewer": ctx.user_id}).all()
    for row in rows:
        row.read_at = _now(ctx)
    return len(rows)


# --- Direct messages -------------------------------------------------------------------------


def send_message(ctx: Ctx, username: str, text: str) -> Message:
    """Send a direct message; mails the recipient when the seed wires an email service."""
    other = _other_user(ctx, username, "message")
    if is_blocked_by(ctx.session, other.id, ctx.user_id):
        raise Forbidden(f"@{username} has blocked you: you cannot message them")
    if is_blocked_by(ctx.session, ctx.user_id, other.id):
        raise Conflict(f"you have blocked @{username}: unblock them first")
    if other.messages_from == "following" and not is_following(ctx.session, other.id, ctx.user_id):
        raise Forbidden(f"@{username} accepts messages only from people they follow")
    text = text.strip()
    if not text:
        raise ValidationFailed("a message needs text")
    message = Message(sender_id=ctx.user_id, recipient_id=other.id, text=text, sent_at=_now(ctx))
    ctx.session.add(message)
    ctx.session.flush()
    _mail(
        ctx,
        other.email,
        f"New message from {ctx.user.display_name} (@{ctx.user.username})",
        f"Hello {other.display_name},\n\n@{ctx.user.username} sent you a message:\n\n{text}\n",
    )
    return message


def _mail(ctx: Ctx, to: str, subject: str, body: str) -> None:
    target = ctx.runtime.notifications
    if target is None:
        return
    mail = MailDelivery(
        sender=target.sender or DEFAULT_SENDER,
        sender_name="Social",
        to=[to],
        subject=subject,
        body=body,
        labels=["social"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))


def _between(me: int, other: int) -> ColumnElement[bool]:
    return or_(
        and_(Message.sender_id == me, Message.recipient_id == other),
        and_(Message.sender_id == other, Message.recipient_id == me),
    )


def conversation(ctx: Ctx, username: str, paging: Paging) -> tuple[User, list[Message], int]:
    """The messages between the caller and ``username``, newest first."""
    other = user_named(ctx.session, username)
    stmt = (
        select(Message)
        .where(_between(ctx.user_id, other.id))
        .order_by(Message.sent_at.desc(), Message.id.desc())
    )
    rows, total = paged(ctx, stmt, paging)
    return other, rows, total


def mark_conversation_read(ctx: Ctx, username: str) -> int:
    other = user_named(ctx.session, username)
    rows = ctx.session.scalars(
        select(Message).where(
            Message.sender_id == other.id,
            Message.recipient_id == ctx.user_id,
            Message.read_at.is_(None),
        )
    ).all()
    for row in rows:
        row.read_at = _now(ctx)
    return len(rows)


@dataclass(frozen=True)
class ConversationSummary:
    other: User
    last: Message
    unread: int


def conversations(ctx: Ctx) -> list[ConversationSummary]:
    """One entry per person the caller exchanged messages with, latest conversation first."""
    me = ctx.user_id
    rows = ctx.session.scalars(
        select(Message)
        .where(or_(Message.sender_id == me, Message.recipient_id == me))
        .order_by(Message.sent_at.desc(), Message.id.desc())
    ).all()
    last: dict[int, Message] = {}
    unread: dict[int, int] = {}
    for message in rows:
        other = message.recipient_id if message.sender_id == me else message.sender_id
        last.setdefault(other, message)
        if message.recipient_id == me and message.read_at is None:
            unread[other] = unread.get(other, 0) + 1
    users = {u.id: u for u in ctx.session.scalars(select(User).where(User.id.in_(list(last))))}
    return [ConversationSummary(users[uid], m, unread.get(uid, 0)) for uid, m in last.items()]
