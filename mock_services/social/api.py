"""The social network's JSON API under /api: profiles, follows, posts, timeline, likes,
reposts, replies, search, blocks, mutes, notifications and direct messages."""

from __future__ import annotations

from mock_services.core.base.schemas import PageQuery
from mock_services.core.data.paging import Page, page_answer
from mock_services.core.spec.api import Api, Ctx
from mock_services.social import activity, graph, messages, posts, profiles, relations, visibility
from mock_services.social.models import Block, Mute, Post, User
from mock_services.social.present import (
    message_out,
    notification_outs,
    post_outs,
    profile_out,
    user_ref,
)
from mock_services.social.schemas import (
    ConversationList,
    ConversationOut,
    HashtagCount,
    MarkedOut,
    MessageCreate,
    MessageOut,
    MessagePage,
    NotificationPage,
    NotificationQuery,
    NotificationsRead,
    PostCreate,
    PostOut,
    PostPage,
    PostQuery,
    ProfileOut,
    ProfileUpdate,
    TrendingOut,
    UsernameBody,
    UserPage,
    UserQuery,
    UserRef,
)

api = Api("social", url_prefix="/api")


def _post_page(ctx: Ctx, found: Page[Post], paging: PageQuery) -> PostPage:
    rows, total = found
    return page_answer(PostPage, post_outs(ctx, [p.id for p in rows]), total, paging)


def _user_page(ctx: Ctx, found: Page[User], paging: PageQuery) -> UserPage:
    users, total = found
    return page_answer(UserPage, [user_ref(u) for u in users], total, paging)


def _one_post(ctx: Ctx, post_id: int) -> PostOut:
    return post_outs(ctx, [visibility.visible_post_id(ctx, post_id)])[0]


# --- Profiles and people ---------------------------------------------------------------------


@api.get("/profile", response=ProfileOut)
def my_profile(ctx: Ctx) -> ProfileOut:
    """Your own profile."""
    return profile_out(ctx, ctx.user)


@api.patch("/profile", response=ProfileOut, errors=(422,))
def update_profile(ctx: Ctx, body: ProfileUpdate) -> ProfileOut:
    """Change your name, bio, location, website or who may message you."""
    return profile_out(ctx, profiles.update_profile(ctx, body.model_dump(exclude_unset=True)))


@api.get("/users", response=UserPage)
def search_users(ctx: Ctx, query: UserQuery) -> UserPage:
    """People by part of their username or name."""
    q = query
    return _user_page(ctx, profiles.search_users(ctx, q.q, q), q)


@api.get("/users/<username>", response=ProfileOut, errors=(403, 404))
def get_user(ctx: Ctx, username: str) -> ProfileOut:
    """A profile with its counts and your relationship to it."""
    return profile_out(ctx, graph.visible_user(ctx, username))


@api.get("/users/<username>/posts", response=PostPage, errors=(403, 404))
def user_posts(ctx: Ctx, username: str, query: PageQuery) -> PostPage:
    """A user's posts, replies and reposts that you may see, newest first."""
    return _post_page(ctx, profiles.user_posts(ctx, username, query), query)


@api.get("/users/<username>/followers", response=UserPage, errors=(403, 404))
def followers(ctx: Ctx, username: str, query: PageQuery) -> UserPage:
    """Who follows the user, latest first."""
    q = query
    return _user_page(ctx, profiles.follow_list(ctx, username, "followers", q), q)


@api.get("/users/<username>/following", response=UserPage, errors=(403, 404))
def following(ctx: Ctx, username: str, query: PageQuery) -> UserPage:
    """Whom the user follows, latest first."""
    q = query
    return _user_page(ctx, profiles.follow_list(ctx, username, "following", q), q)


@api.post("/follows", response=ProfileOut, status=201, errors=(403, 404, 409, 422))
def follow(ctx: Ctx, body: UsernameBody) -> ProfileOut:
    """Follow someone: you will see their followers-only posts."""
    return profile_out(ctx, relations.follow(ctx, body.username))


@api.delete("/follows/<username>", status=204, errors=(404,))
def unfollow(ctx: Ctx, username: str) -> None:
    """Stop following someone."""
    relations.unfollow(ctx, username)


@api.get("/blocks", response=list[UserRef])
def blocks(ctx: Ctx) -> list[UserRef]:
    """The users you blocked."""
    return [user_ref(u) for u in relations.relation_list(ctx, Block)]


@api.post("/blocks", response=UserRef, status=201, errors=(404, 409, 422), destructive=True)
def block(ctx: Ctx, body: UsernameBody) -> UserRef:
    """Block someone: follows both ways end, and neither of you sees, follows, answers or
    messages the other."""
    return user_ref(relations.block(ctx, body.username))


@api.delete("/blocks/<username>", status=204, errors=(404,))
def unblock(ctx: Ctx, username: str) -> None:
    """Lift a block (follows it ended are not restored)."""
    relations.unblock(ctx, username)


@api.get("/mutes", response=list[UserRef])
def mutes(ctx: Ctx) -> list[UserRef]:
    """The users you muted."""
    return [user_ref(u) for u in relations.relation_list(ctx, Mute)]


@api.post("/mutes", response=UserRef, status=201, errors=(404, 409, 422))
def mute(ctx: Ctx, body: UsernameBody) -> UserRef:
    """Mute someone: their posts leave your home timeline and notifications (not their
    profile); they are not told."""
    return user_ref(relations.mute(ctx, body.username))


@api.delete("/mutes/<username>", status=204, errors=(404,))
def unmute(ctx: Ctx, username: str) -> None:
    """Unmute someone."""
    relations.unmute(ctx, username)


# --- Posts -----------------------------------------------------------------------------------


@api.get("/timeline", response=PostPage)
def timeline(ctx: Ctx, query: PageQuery) -> PostPage:
    """Your home timeline: posts and reposts of you and whom you follow, newest first, without
    replies and without muted users."""
    return _post_page(ctx, posts.home_timeline(ctx, query), query)


@api.get("/posts", response=PostPage, errors=(403, 404))
def search_posts(ctx: Ctx, query: PostQuery) -> PostPage:
    """Search the posts you may see by words, hashtag and author, newest first."""
    q = query
    return _post_page(ctx, posts.search_posts(ctx, q.q, q.hashtag, q.author, q), q)


@api.post("/posts", response=PostOut, status=201, errors=(404, 422))
def create_post(ctx: Ctx, body: PostCreate) -> PostOut:
    """Post (or reply with reply_to_id); up to 4 media attachments given by URL."""
    media = [posts.MediaInput(m.kind, m.url, m.alt_text) for m in body.media]
    post = posts.create_post(ctx, body.text, body.visibility, media, body.reply_to_id)
    return post_outs(ctx, [post.id])[0]


@api.get("/posts/<int:post_id>", response=PostOut, errors=(404,))
def get_post(ctx: Ctx, post_id: int) -> PostOut:
    """One post you may see."""
    return _one_post(ctx, post_id)


@api.delete("/posts/<int:post_id>", status=204, errors=(403, 404))
def delete_post(ctx: Ctx, post_id: int) -> None:
    """Delete one of your posts (or reposts)."""
    posts.delete_post(ctx, post_id)


@api.get("/posts/<int:post_id>/replies", response=PostPage, errors=(404,))
def replies(ctx: Ctx, post_id: int, query: PageQuery) -> PostPage:
    """The replies you may see, oldest first."""
    return _post_page(ctx, posts.replies(ctx, post_id, query), query)


@api.post("/posts/<int:post_id>/like", response=PostOut, status=201, errors=(404, 409))
def like(ctx: Ctx, post_id: int) -> PostOut:
    """Like a post (a repost: its original); once only."""
    return post_outs(ctx, [posts.like(ctx, post_id).id])[0]


@api.delete("/posts/<int:post_id>/like", status=204, errors=(404,))
def unlike(ctx: Ctx, post_id: int) -> None:
    """Take back your like."""
    posts.unlike(ctx, post_id)


@api.get("/posts/<int:post_id>/likes", response=UserPage, errors=(404,))
def post_likes(ctx: Ctx, post_id: int, query: PageQuery) -> UserPage:
    """Who likes a post, latest first."""
    q = query
    return _user_page(ctx, posts.likers(ctx, post_id, q), q)


@api.post("/posts/<int:post_id>/repost", response=PostOut, status=201, errors=(404, 409))
def repost(ctx: Ctx, post_id: int) -> PostOut:
    """Repost a public post to your followers; answers the new repost."""
    return post_outs(ctx, [posts.repost(ctx, post_id).id])[0]


@api.delete("/posts/<int:post_id>/repost", status=204, errors=(404,))
def unrepost(ctx: Ctx, post_id: int) -> None:
    """Undo your repost of a post."""
    posts.unrepost(ctx, post_id)


@api.get("/hashtags", response=TrendingOut)
def trending(ctx: Ctx) -> TrendingOut:
    """The 10 most used hashtags of the last 7 days in posts you may see."""
    return TrendingOut(items=[HashtagCount(tag=t, posts=n) for t, n in posts.trending(ctx)])


# --- Notifications ---------------------------------------------------------------------------


@api.get("/notifications", response=NotificationPage)
def notifications(ctx: Ctx, query: NotificationQuery) -> NotificationPage:
    """Follows, likes, reposts, replies and mentions of you, newest first (none from muted or
    blocked users)."""
    q = query
    rows, total = activity.notifications(ctx, q.unread, q)
    return page_answer(NotificationPage, notification_outs(ctx, rows), total, q)


@api.post("/notifications/read", response=MarkedOut, errors=(404,))
def read_notifications(ctx: Ctx, body: NotificationsRead) -> MarkedOut:
    """Mark notifications read (all unread ones without 'ids')."""
    return MarkedOut(marked=activity.mark_notifications_read(ctx, body.ids))


# --- Direct messages -------------------------------------------------------------------------


@api.get("/conversations", response=ConversationList)
def conversations(ctx: Ctx) -> ConversationList:
    """Everyone you exchanged direct messages with, latest first, with unread counts."""
    found = messages.conversations(ctx)
    names = {ctx.user_id: ctx.user.username, **{c.other.id: c.other.username for c in found}}
    return ConversationList(
        items=[
            ConversationOut(
                with_user=user_ref(c.other),
                last_message=message_out(c.last, names),
                unread=c.unread,
            )
            for c in found
        ]
    )


@api.get("/conversations/<username>", response=MessagePage, errors=(404,))
def conversation(ctx: Ctx, username: str, query: PageQuery) -> MessagePage:
    """The messages between you and a user, newest first."""
    q = query
    other, rows, total = messages.conversation(ctx, username, q)
    names = {ctx.user_id: ctx.user.username, other.id: other.username}
    return page_answer(
        MessagePage, [message_out(m, names) for m in rows], total, q, with_user=user_ref(other)
    )


@api.post(
    "/conversations/<username>/messages",
    response=MessageOut,
    status=201,
    errors=(403, 404, 409, 422),
    destructive=True,
)
def send_message(ctx: Ctx, username: str, body: MessageCreate) -> MessageOut:
    """Send a direct message (refused across a block, or when they accept messages only from
    people they follow)."""
    message = messages.send_message(ctx, username, body.text)
    other = graph.user_named(ctx.session, username)
    return message_out(message, {ctx.user_id: ctx.user.username, other.id: other.username})


@api.post("/conversations/<username>/read", response=MarkedOut, errors=(404,))
def read_conversation(ctx: Ctx, username: str) -> MarkedOut:
    """Mark the messages they sent you read."""
    return MarkedOut(marked=messages.mark_conversation_read(ctx, username))
