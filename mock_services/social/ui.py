"""The social network's web UI: home timeline with a composer, explore (search and trending),
profiles, posts with replies, notifications, direct messages and settings. Every action calls
the same ``logic`` functions as the JSON API."""

from __future__ import annotations

from typing import Any, get_args

from flask import Blueprint, flash, redirect, request, url_for

from mock_services.core.api import Ctx, parse_query
from mock_services.core.errors import ValidationFailed
from mock_services.core.schemas import PageQuery
from mock_services.core.ui import page, render
from mock_services.social import logic
from mock_services.social.models import MediaKind, MessagePolicy, Visibility
from mock_services.social.present import message_out, notification_outs, post_outs, profile_out
from mock_services.social.schemas import NotificationQuery, PostQuery
from mock_services.social.text import MAX_POST_CHARS

ui = Blueprint("social_ui", __name__, template_folder="templates")


def _choice(name: str, allowed: tuple[str, ...], default: str) -> str:
    value = request.form.get(name, default)
    if value not in allowed:
        raise ValidationFailed(f"{name} must be one of {', '.join(allowed)}, got {value!r}")
    return value


def _back(default: str) -> Any:
    return redirect(request.form.get("next") or default, 303)


@page(ui, "/")
def home(ctx: Ctx) -> Any:
    query = parse_query(PageQuery)
    posts, total = logic.home_timeline(ctx, query.page, query.per_page)
    return render(
        "social/home.html",
        ctx,
        posts=post_outs(ctx, [p.id for p in posts]),
        total=total,
        query=query,
        max_chars=MAX_POST_CHARS,
    )


@page(ui, "/posts", methods=("POST",))
def compose(ctx: Ctx) -> Any:
    visibility = _choice("visibility", get_args(Visibility), "public")
    media = []
    if request.form.get("media_url", "").strip():
        kind = _choice("media_kind", get_args(MediaKind), "image")
        url = request.form["media_url"].strip()
        if not url.startswith(("http://", "https://")):
            raise ValidationFailed(f"media_url must start with http:// or https://, got {url!r}")
        media.append(logic.MediaInput(kind, url[:500], request.form.get("alt_text", "")[:500]))
    reply_to = request.form.get("reply_to_id", "").strip()
    if reply_to and not reply_to.isdigit():
        raise ValidationFailed(f"reply_to_id must be a post id (a whole number), got {reply_to!r}")
    text = request.form.get("text", "")
    if len(text) > MAX_POST_CHARS:
        raise ValidationFailed(f"a post has at most {MAX_POST_CHARS} characters, got {len(text)}")
    post = logic.create_post(
        ctx, text, visibility, media, int(reply_to) if reply_to.isdigit() else None
    )
    flash("Replied." if post.reply_to_id else "Posted.", "ok")
    return _back(url_for("social_ui.home"))


@page(ui, "/posts/<int:post_id>")
def post_page(ctx: Ctx, post_id: int) -> Any:
    post = post_outs(ctx, [logic.visible_post_id(ctx, post_id)])[0]
    replies, _ = logic.replies(ctx, post_id, 1, 100)
    return render(
        "social/post.html",
        ctx,
        post=post,
        replies=post_outs(ctx, [p.id for p in replies]),
        max_chars=MAX_POST_CHARS,
    )


_POST_ACTIONS = {
    "like": (logic.like, "Liked."),
    "unlike": (logic.unlike, "Like removed."),
    "repost": (logic.repost, "Reposted."),
    "unrepost": (logic.unrepost, "Repost removed."),
    "delete": (logic.delete_post, "Post deleted."),
}


@page(ui, "/posts/<int:post_id>/<action>", methods=("POST",))
def post_action(ctx: Ctx, post_id: int, action: str) -> Any:
    if action not in _POST_ACTIONS:
        raise ValidationFailed(
            f"unknown action {action!r}; expected one of {', '.join(_POST_ACTIONS)}"
        )
    run, done = _POST_ACTIONS[action]
    run(ctx, post_id)
    flash(done, "ok")
    return _back(url_for("social_ui.home"))


@page(ui, "/explore")
def explore(ctx: Ctx) -> Any:
    query = parse_query(PostQuery)
    posts, total = logic.search_posts(
        ctx, query.q, query.hashtag, query.author, query.page, query.per_page
    )
    people, _ = logic.search_users(ctx, query.q, 1, 10) if query.q else ([], 0)
    return render(
        "social/explore.html",
        ctx,
        posts=post_outs(ctx, [p.id for p in posts]),
        total=total,
        query=query,
        people=people,
        trending=logic.trending(ctx),
    )


@page(ui, "/u/<username>")
def profile_page(ctx: Ctx, username: str) -> Any:
    query = parse_query(PageQuery)
    user = logic.visible_user(ctx, username)
    posts, total = logic.user_posts(ctx, username, query.page, query.per_page)
    return render(
        "social/profile.html",
        ctx,
        profile=profile_out(ctx, user),
        posts=post_outs(ctx, [p.id for p in posts]),
        total=total,
        query=query,
    )


_USER_ACTIONS = {
    "follow": (logic.follow, "You follow @{}."),
    "unfollow": (logic.unfollow, "You no longer follow @{}."),
    "block": (logic.block, "You blocked @{}."),
    "unblock": (logic.unblock, "You unblocked @{}."),
    "mute": (logic.mute, "You muted @{}."),
    "unmute": (logic.unmute, "You unmuted @{}."),
}


@page(ui, "/u/<username>/<action>", methods=("POST",))
def user_action(ctx: Ctx, username: str, action: str) -> Any:
    if action not in _USER_ACTIONS:
        raise ValidationFailed(
            f"unknown action {action!r}; expected one of {', '.join(_USER_ACTIONS)}"
        )
    run, done = _USER_ACTIONS[action]
    run(ctx, username)
    flash(done.format(username), "ok")
    return redirect(url_for("social_ui.profile_page", username=username), 303)


@page(ui, "/notifications")
def notifications_page(ctx: Ctx) -> Any:
    query = parse_query(NotificationQuery)
    rows, total = logic.notifications(ctx, query.unread, query.page, query.per_page)
    return render(
        "social/notifications.html",
        ctx,
        notifications=notification_outs(ctx, rows),
        total=total,
        query=query,
    )


@page(ui, "/notifications/read", methods=("POST",))
def notifications_read(ctx: Ctx) -> Any:
    marked = logic.mark_notifications_read(ctx, None)
    flash(f"{marked} notification{'s' if marked != 1 else ''} marked read.", "ok")
    return redirect(url_for("social_ui.notifications_page"), 303)


@page(ui, "/messages")
def conversations_page(ctx: Ctx) -> Any:
    return render("social/conversations.html", ctx, conversations=logic.conversations(ctx))


@page(ui, "/messages/<username>", methods=("GET", "POST"))
def conversation_page(ctx: Ctx, username: str) -> Any:
    if request.method == "POST":
        logic.send_message(ctx, username, request.form.get("text", "")[:2000])
        flash(f"Message sent to @{username}.", "ok")
        return redirect(url_for("social_ui.conversation_page", username=username), 303)
    other, rows, _ = logic.conversation(ctx, username, 1, 100)
    names = {ctx.user_id: ctx.user.username, other.id: other.username}
    return render(
        "social/conversation.html",
        ctx,
        other=other,
        messages=[message_out(m, names) for m in reversed(rows)],
    )


@page(ui, "/messages/<username>/read", methods=("POST",))
def conversation_read(ctx: Ctx, username: str) -> Any:
    logic.mark_conversation_read(ctx, username)
    flash(f"Messages from @{username} marked read.", "ok")
    return redirect(url_for("social_ui.conversation_page", username=username), 303)


@page(ui, "/settings", methods=("GET", "POST"))
def settings_page(ctx: Ctx) -> Any:
    if request.method == "POST":
        name = request.form.get("display_name", "").strip()
        if not name:
            raise ValidationFailed("display_name must not be empty")
        website = request.form.get("website", "").strip() or None
        if website and not website.startswith(("http://", "https://")):
            raise ValidationFailed(f"website must start with http:// or https://, got {website!r}")
        logic.update_profile(
            ctx,
            {
                "display_name": name[:200],
                "bio": request.form.get("bio", "").strip()[:300],
                "location": request.form.get("location", "").strip()[:100] or None,
                "website": website and website[:200],
                "messages_from": _choice("messages_from", get_args(MessagePolicy), "everyone"),
            },
        )
        flash("Profile saved.", "ok")
        return redirect(url_for("social_ui.settings_page"), 303)
    return render("social/settings.html", ctx, profile=profile_out(ctx, ctx.user))
