"""The social network's web UI: home timeline with a composer, explore (search and trending),
profiles, posts with replies, notifications, direct messages and settings. Every action calls
the same rules (``posts``, ``relations``, ``messages``...) as the JSON API."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, flash, redirect, request, url_for

from mock_services.core.base.errors import NotFound, ValidationFailed
from mock_services.core.base.schemas import PageQuery
from mock_services.core.data.audit import OperationChoice
from mock_services.core.data.paging import Window
from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.forms import FieldGroup, back_to, read_form
from mock_services.core.web.ui import listed, page, render
from mock_services.core.web.wording import counted, preview_words
from mock_services.social import activity, graph, messages, posts, profiles, relations, visibility
from mock_services.social.cards import ago, as_theirs, post_card, post_name, post_subject
from mock_services.social.icons import social_icon
from mock_services.social.models import Block, Mute, Post, User
from mock_services.social.notification_rows import post_quote, social_notification_rows
from mock_services.social.present import message_out, notification_outs, post_outs, profile_out
from mock_services.social.schemas import (
    MessageCreate,
    NotificationQuery,
    PostCreate,
    PostOut,
    PostQuery,
    ProfileUpdate,
)
from mock_services.social.text import MAX_POST_CHARS

ui = Blueprint("social_ui", __name__, template_folder="templates")
ui.add_app_template_global(social_icon)
ui.add_app_template_global(post_card, "social_post_card")
ui.add_app_template_global(post_name)


_ATTACHMENT = FieldGroup(
    {"kind": "media_kind", "url": "media_url", "alt_text": "alt_text"}, needed="url"
)
"""The composer's one attachment, the API's ``media`` list of one when its URL is filled."""


ui.add_app_template_filter(ago, "ago")
ui.add_app_template_filter(as_theirs, "as_theirs")
ui.add_app_template_global(social_notification_rows)


def _cards(values: dict[str, Any]) -> list[PostOut]:
    """The post cards of a page's values (``post``, ``posts``, ``replies``)."""
    found = [values.get("post"), *values.get("posts", ()), *values.get("replies", ())]
    return [card for card in found if isinstance(card, PostOut)]


def _replied_to(ctx: Ctx, values: dict[str, Any]) -> dict[int, tuple[str, str]]:
    """The author and the words of each post a card of the page answers, by the post's id: a
    reply reads "Replying to @bob", as X says it, and its link names the post it answers."""
    answered = sorted({i for c in _cards(values) if (i := (c.repost_of or c).reply_to_id)})
    found = post_outs(ctx, answered) if answered else []
    return {p.id: (p.author.username, post_quote(p)) for p in found}


def _twin_posts(values: dict[str, Any]) -> set[int]:
    """The cards of a page (``post``, ``posts``, ``replies``) whose name another card shares
    (one author posting the same text twice): those are named with their time too."""
    cards = _cards(values)
    subjects = [post_subject(card) for card in cards]
    return {
        card.id
        for card, subject in zip(cards, subjects, strict=True)
        if subjects.count(subject) > 1
    }


def _times_of(values: dict[str, Any], twins: set[int]) -> list[str]:
    """When each twin card of a page (``_twin_posts``) was posted: seconds are shown only
    where two of them fall in one minute."""
    return [(card.repost_of or card).created_at for card in _cards(values) if card.id in twins]


def _page(template: str, ctx: Ctx, *, side: bool = True, **values: Any) -> str:
    """A page in the three columns: navigation, the page, and beside it search, trends and
    "Who to follow" (``side``; the messages pages leave it out, as X does)."""
    twins = _twin_posts(values)
    extra: dict[str, Any] = {
        "twin_posts": twins,
        "twin_times": _times_of(values, twins),
        "replied_to": _replied_to(ctx, values),
    }
    if side:
        extra["side_trends"] = values.get("trending") or _trending(ctx)
        extra["side_follow"] = ctx.until_changed(
            f"social.who_to_follow.{ctx.user_id}",
            lambda: tuple(
                Suggested(u.username, u.display_name) for u in profiles.who_to_follow(ctx)
            ),
        )
    return render(template, ctx, **extra, **values)


@dataclass(frozen=True)
class Suggested:
    """Whom "Who to follow" suggests: what the box shows of them."""

    username: str
    display_name: str


def _trending(ctx: Ctx) -> tuple[tuple[str, int], ...]:
    """``posts.trending`` beside every page, read once while the DB is unchanged, for this
    caller (what they may see) at this moment (the window ends now)."""
    key = f"social.trending.{ctx.user_id}.{ctx.now.isoformat()}"
    return ctx.until_changed(key, lambda: tuple(posts.trending(ctx)))


@page(ui, "/", shows=("timeline",))
def home(ctx: Ctx) -> Any:
    query = parse_query(PageQuery)
    found, total = posts.home_timeline(ctx, query)
    return _page(
        "social/home.html",
        ctx,
        posts=post_outs(ctx, [p.id for p in found]),
        total=total,
        query=query,
        max_chars=MAX_POST_CHARS,
        # named only where the timeline is empty: counted only then (three counts a page)
        following=profiles.profile_counts(ctx.session, ctx.user_id).following if not found else 0,
    )


@page(ui, "/posts", methods=("POST",), operation="create_post")
def compose(ctx: Ctx) -> Any:
    body = read_form(PostCreate, verbatim=("text",), groups={"media": _ATTACHMENT})
    media = [posts.MediaInput(m.kind, m.url, m.alt_text) for m in body.media]
    post = posts.create_post(ctx, body.text, body.visibility, media, body.reply_to_id)
    said = f"\u201c{preview_words(post.text, 50)}\u201d" if post.text else "your post"
    replied = _post_named(ctx, post.reply_to_id) if post.reply_to_id else None
    flash(f"Replied {said} to {replied}." if replied else f"Posted {said}.", "ok")
    return back_to(url_for("social_ui.home"), "next")


def _shown_post_id(ctx: Ctx, post_id: int) -> int:
    """A post a page shows, or X's words for one it cannot (the API's 404 names its id)."""
    try:
        return visibility.visible_post_id(ctx, post_id)
    except NotFound:
        raise NotFound(
            "This post is unavailable. It may have been deleted, or its author limits who can "
            "see it. Explore has the latest posts."
        ) from None


def _shown_user(ctx: Ctx, username: str) -> Any:
    """A profile a page shows, or X's words for an account there is not (the API's 404 names
    its search route)."""
    try:
        return graph.visible_user(ctx, username)
    except NotFound:
        raise NotFound(
            f"This account doesn't exist: there is no one called @{username}. "
            "Try searching for another on Explore."
        ) from None


@page(
    ui,
    "/posts/<int:post_id>",
    shows=("get_post", listed("replies", per_page="100")),
)
def post_page(ctx: Ctx, post_id: int) -> Any:
    post = post_outs(ctx, [_shown_post_id(ctx, post_id)])[0]
    replies, _ = posts.replies(ctx, post_id, Window(per_page=100))
    return _page(
        "social/post.html",
        ctx,
        post=post,
        replies=post_outs(ctx, [p.id for p in replies]),
        max_chars=MAX_POST_CHARS,
    )


@page(ui, "/posts/<int:post_id>/likes", shows=("post_likes",))
def likes_page(ctx: Ctx, post_id: int) -> Any:
    query = parse_query(PageQuery)
    post = post_outs(ctx, [_shown_post_id(ctx, post_id)])[0]
    people, total = posts.likers(ctx, post_id, query)
    return _page(
        "social/people.html",
        ctx,
        heading=f"Liked by {counted(total, 'person', 'people')}",
        post=post.repost_of or post,
        people=people,
        total=total,
        query=query,
        endpoint="social_ui.likes_page",
        route_values={"post_id": post_id},
    )


def _operations(actions: dict[str, tuple[Callable[..., Any], str]]) -> dict[str, str]:
    """Each action's API operation: the service function it runs is named as the operation."""
    return {action: run.__name__ for action, (run, _done) in actions.items()}


_POST_ACTIONS = {
    "like": (posts.like, "Liked {}."),
    "unlike": (posts.unlike, "Removed your like from {}."),
    "repost": (posts.repost, "Reposted {}."),
    "unrepost": (posts.unrepost, "Removed your repost of {}."),
    "delete": (posts.delete_post, "Deleted {}."),
}
"""Each action on a post, with its notice naming the post (``_post_named``)."""


def _post_named(ctx: Ctx, post_id: int) -> str | None:
    """A post as a notice names it, whose it is and its opening words: "your post “Lunch
    at…”", "@bob's post “Ship it”" (a repost's original: what a like or a repost acts on,
    except the repost itself deleted); None for no post."""
    post = ctx.session.get(Post, post_id)
    if post is None:
        return None
    author = ctx.session.get(User, post.author_id)
    whose = "your" if post.author_id == ctx.user_id else f"@{author.username if author else '?'}'s"
    if post.repost_of_id and not post.text:
        original = _post_named(ctx, post.repost_of_id)
        return f"{whose} repost of {original}" if original else f"{whose} repost"
    return (
        f"{whose} post \u201c{preview_words(post.text, 50)}\u201d" if post.text else f"{whose} post"
    )


@page(
    ui,
    "/posts/<int:post_id>/<action>",
    methods=("POST",),
    operation=OperationChoice("action", _operations(_POST_ACTIONS)),
)
def post_action(ctx: Ctx, post_id: int, action: str) -> Any:
    if action not in _POST_ACTIONS:
        raise ValidationFailed(
            f"unknown action {action!r}; expected one of {', '.join(_POST_ACTIONS)}"
        )
    run, done = _POST_ACTIONS[action]
    named = _post_named(ctx, post_id)  # before a delete takes it
    original = ctx.session.get(Post, post_id)
    if action != "delete" and original is not None and original.repost_of_id:
        named = _post_named(ctx, original.repost_of_id)  # a like or repost goes to the original
    run(ctx, post_id)
    flash(done.format(named or "the post"), "ok")
    return back_to(url_for("social_ui.home"), "next")


@page(ui, "/explore", shows=("search_posts", listed("search_users", q="<q>"), "trending"))
def explore(ctx: Ctx) -> Any:
    query = parse_query(PostQuery)
    found, total = posts.search_posts(ctx, query.q, query.hashtag, query.author, query)
    people, _ = profiles.search_users(ctx, query.q, Window(per_page=10)) if query.q else ([], 0)
    return _page(
        "social/explore.html",
        ctx,
        posts=post_outs(ctx, [p.id for p in found]),
        total=total,
        query=query,
        people=people,
        trending=_trending(ctx),
    )


@page(ui, "/u/<username>", shows=("get_user", "user_posts"))
def profile_page(ctx: Ctx, username: str) -> Any:
    query = parse_query(PageQuery)
    user = _shown_user(ctx, username)
    found, total = profiles.user_posts(ctx, username, query)
    return _page(
        "social/profile.html",
        ctx,
        profile=profile_out(ctx, user),
        posts=post_outs(ctx, [p.id for p in found]),
        total=total,
        query=query,
    )


@dataclass(frozen=True)
class FollowHeader:
    """The profile a list of followers or followings names above it."""

    username: str
    display_name: str
    followers_count: int
    following_count: int


def _follow_list(ctx: Ctx, username: str, direction: str, heading: str) -> str:
    """Who follows the user, or whom the user follows (``direction``), latest first."""
    query = parse_query(PageQuery)
    user = _shown_user(ctx, username)
    people, total = profiles.follow_list(ctx, username, direction, query, user)
    followers, following = ctx.until_changed(  # the rows alone: no caller's view in them
        f"social.follow_counts.{user.id}", lambda: profiles.follow_counts(ctx.session, user.id)
    )
    return _page(
        "social/people.html",
        ctx,
        heading=heading.format(total=total, username=user.username),
        # what the page says of the profile: its name and two counts (not its posts' count
        # nor how the caller relates to it, which ``profile_out`` reads too)
        profile=FollowHeader(user.username, user.display_name, followers, following),
        people=people,
        total=total,
        query=query,
        endpoint=f"social_ui.{direction}_page",
        route_values={"username": user.username},
    )


@page(ui, "/u/<username>/followers", shows=("followers",))
def followers_page(ctx: Ctx, username: str) -> Any:
    return _follow_list(ctx, username, "followers", "People following @{username} ({total})")


@page(ui, "/u/<username>/following", shows=("following",))
def following_page(ctx: Ctx, username: str) -> Any:
    return _follow_list(ctx, username, "following", "People @{username} follows ({total})")


_USER_ACTIONS = {
    "follow": (relations.follow, "You follow @{}."),
    "unfollow": (relations.unfollow, "You no longer follow @{}."),
    "block": (relations.block, "You blocked @{}."),
    "unblock": (relations.unblock, "You unblocked @{}."),
    "mute": (relations.mute, "You muted @{}."),
    "unmute": (relations.unmute, "You unmuted @{}."),
}


@page(
    ui,
    "/u/<username>/<action>",
    methods=("POST",),
    operation=OperationChoice("action", _operations(_USER_ACTIONS)),
)
def user_action(ctx: Ctx, username: str, action: str) -> Any:
    if action not in _USER_ACTIONS:
        raise ValidationFailed(
            f"unknown action {action!r}; expected one of {', '.join(_USER_ACTIONS)}"
        )
    run, done = _USER_ACTIONS[action]
    run(ctx, username)
    flash(done.format(username), "ok")
    return back_to(url_for("social_ui.profile_page", username=username), "next")


@page(ui, "/notifications", shows=("notifications",))
def notifications_page(ctx: Ctx) -> Any:
    query = parse_query(NotificationQuery)
    rows, total = activity.notifications(ctx, query.unread, query)
    about = {card.id: card for card in post_outs(ctx, [n.post_id for n in rows if n.post_id])}
    # a reply's notification names your post it answers, and the reply as the reply
    answered = sorted({c.reply_to_id for c in about.values() if c.reply_to_id})
    return _page(
        "social/notifications.html",
        ctx,
        notifications=notification_outs(ctx, rows),
        about=about,
        answered={card.id: card for card in post_outs(ctx, answered)} if answered else {},
        total=total,
        query=query,
    )


@page(ui, "/notifications/read", methods=("POST",), operation="read_notifications")
def notifications_read(ctx: Ctx) -> Any:
    marked = activity.mark_notifications_read(ctx, None)
    flash(f"Marked your {counted(marked, 'notification')} read.", "ok")
    return redirect(url_for("social_ui.notifications_page"), 303)


@page(ui, "/messages", shows=("conversations",))
def conversations_page(ctx: Ctx) -> Any:
    return _page(
        "social/conversations.html", ctx, side=False, conversations=messages.conversations(ctx)
    )


@page(
    ui,
    "/messages/<username>",
    methods=("GET", "POST"),
    operation="send_message",
    shows=("conversation", "get_user"),
)
def conversation_page(ctx: Ctx, username: str) -> Any:
    if request.method == "POST":
        messages.send_message(ctx, username, read_form(MessageCreate, verbatim=("text",)).text)
        flash(f"Message sent to @{username}.", "ok")
        return redirect(url_for("social_ui.conversation_page", username=username), 303)
    other, rows, _ = messages.conversation(ctx, username, Window(per_page=100))
    names = {ctx.user_id: ctx.user.username, other.id: other.username}
    return _page(
        "social/conversation.html",
        ctx,
        side=False,
        conversations=messages.conversations(ctx),
        other=other,
        relation=profiles.relationship(ctx.session, ctx.user_id, other.id),
        blocked_by=graph.is_blocked_by(ctx.session, other.id, ctx.user_id),
        messages=[message_out(m, names) for m in reversed(rows)],
        unread={m.id for m in messages.unread_among(rows, ctx.user_id)},
    )


@page(ui, "/messages/<username>/read", methods=("POST",), operation="read_conversation")
def conversation_read(ctx: Ctx, username: str) -> Any:
    messages.mark_conversation_read(ctx, username)
    flash(f"Messages from @{username} marked read.", "ok")
    return redirect(url_for("social_ui.conversation_page", username=username), 303)


@page(
    ui,
    "/settings",
    methods=("GET", "POST"),
    operation="update_profile",
    shows=("my_profile", "blocks", "mutes"),
)
def settings_page(ctx: Ctx) -> Any:
    if request.method == "POST":
        body = read_form(
            ProfileUpdate,
            cleared=("location", "website"),
            keep_blank=("display_name", "bio"),
            verbatim=("bio",),
        )
        profiles.update_profile(ctx, body.model_dump(exclude_unset=True))
        flash("Saved your profile.", "ok")
        return redirect(url_for("social_ui.settings_page"), 303)
    return _page(
        "social/settings.html",
        ctx,
        profile=profile_out(ctx, ctx.user),
        posts_total=profiles.user_posts(ctx, ctx.user.username, Window(per_page=1)).total,
        blocked=relations.relation_list(ctx, Block),
        muted=relations.relation_list(ctx, Mute),
    )
