"""A post card as a timeline draws it, a function where it was a macro: a timeline, a
profile and a thread draw twenty or more, and each macro call cost its dozens of template
calls again (the markup is the one ``_post.html`` wrote, byte for byte), and the name its
buttons give the post (``post_name``)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from flask import current_app, request
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from mock_services.core.web.controls import confirmed
from mock_services.core.web.ui import in_page_zone, possessive_filter, text_escaped, when
from mock_services.core.web.ui import picture as picture_tag
from mock_services.core.web.wording import moment_words, preview_words, share_a_minute
from mock_services.social.icons import social_icon as ico
from mock_services.social.schemas import PostBody, PostOut

BADGES = {"video": "▶ video", "gif": "GIF"}
QUOTED_CHARS = 50
"""How much of a post's text its buttons' names quote."""


@pass_context
def ago(page: Context, moment: str | datetime | None) -> str:
    """A post's time as X shows it: "now", "5m", "3h" within the day, else "2 Mar" (with the
    year when it is not this one), in the page's time zone."""
    moment, local_now = in_page_zone(page, moment)
    if moment is None:
        return ""
    if local_now is None:
        return f"{moment.day} {moment:%b %Y}"
    seconds = (local_now - moment).total_seconds()
    if 0 <= seconds < 60:
        return "now"
    if 0 <= seconds < 3600:
        return f"{int(seconds // 60)}m"
    if 0 <= seconds < 86400:
        return f"{int(seconds // 3600)}h"
    return f"{moment.day} {moment:%b}" + (
        "" if moment.year == local_now.year else f" {moment.year}"
    )


def as_theirs(name: str) -> str:
    """A post's name (``post_name``) said as its author's: "@bob's post: 'Lunch…'", as a
    button that acts on the post reads ("Repost @bob's post: …"), not "Repost post by @bob"."""
    return re.sub(r"^post by (@[\w.-]+)", r"\1's post", name)


@pass_context
def post_card_top(page: Context, p: Any, which: str) -> Markup:
    """The card ``p`` (named ``which``: ``post_name``) up to its delete dialog: who posted it
    and when, what it answers, its text, media and hashtags, and its reply, repost and like
    controls."""
    e, url_for = text_escaped, current_app.url_for  # without flask.url_for's wrapping
    shown = p.repost_of or p
    author = shown.author
    author_url = e(url_for("social_ui.profile_page", username=author.username))
    post_url = e(url_for("social_ui.post_page", post_id=shown.id))
    here = e(request.full_path)
    out = [
        f'<article class="card post" data-post-id="{p.id}" '
        f'aria-label="{e(which[:1].upper())}{e(which[1:])}">\n  '
    ]
    if p.repost_of:
        out.append(
            f'<p class="reposted-by">{ico("repost", 16)} @{e(p.author.username)} reposted</p>'
        )
    out.append(
        f'\n  <a href="{author_url}" class="avatar-link" tabindex="-1" aria-hidden="true">'
        f"{picture_tag('person', author.display_name, 44)}</a>\n  <div>\n  "
        f'<p class="post-head"><a href="{author_url}"><span class="name">'
        f'{e(author.display_name)}</span> <span class="handle">@{e(author.username)}</span></a>'
        f'\n    <span class="sep" aria-hidden="true">·</span> <a href="{post_url}" '
        f'class="permalink"><time datetime="{e(shown.created_at)}" '
        f'title="{e(when(page, shown.created_at))}">{e(ago(page, shown.created_at))}</time></a>'
        "\n    "
    )
    if shown.visibility == "followers":
        out.append(
            f'<span class="visibility visibility-badge">{ico("lock", 12)}followers only</span>'
        )
    out.append("</p>")
    if shown.reply_to_id:
        answered = page["replied_to"].get(shown.reply_to_id)
        reply_url = e(url_for("social_ui.post_page", post_id=shown.reply_to_id))
        out.append(f'<p class="replying"><a href="{reply_url}"')
        if answered:
            in_reply = as_theirs(which).replace("'s post", "'s reply", 1)
            out.append(
                f' aria-label="Replying to @{possessive_filter(answered[0])} post '
                f'{e(answered[1])}, in {e(in_reply)}"'
            )
        out.append(
            f">Replying to {e('@' + answered[0] if answered else 'a post that is gone')}</a></p>"
        )
    out.append("\n  ")
    if shown.text:
        out.append(f'<p class="text">{e(shown.text)}</p>')
    out.append("\n  \n  ")
    media = shown.media
    for index, m in enumerate(media, 1):
        badge = BADGES.get(m.kind, "")
        same = sum(1 for other in media if other.alt_text == m.alt_text)
        alt = (
            m.alt_text
            if m.alt_text
            else f"{m.kind} {index} of post {shown.id} by @{author.username}"
        ) + (f" ({index})" if m.alt_text and same > 1 else "")
        # as X shows media: the picture and its description, a GIF or video badge, no address
        caption = f'<figcaption><span class="play-badge">{e(badge)}</span></figcaption>'
        out.append(
            f'\n  \n  \n  \n  <figure class="media {e(m.kind)}">\n    '
            f"{picture_tag('product', m.alt_text or m.url, 520, alt=alt)}\n    "
            f"{caption if badge else ''}"
            "\n  </figure>\n  "
        )
    out.append("\n  ")
    if shown.hashtags:
        tags = "".join(
            f'<a href="{e(url_for("social_ui.explore", hashtag=t))}">#{e(t)}</a> '
            for t in shown.hashtags
        )
        out.append(f'<p class="tags">{tags}</p>')
    out.append(
        f'\n  <div class="actions">\n    <a href="{post_url}" class="replies">{ico("reply", 18)}'
        f'<span class="visually-hidden">Replies to {e(which)}: </span>{shown.reply_count}</a>'
        "\n    "
    )
    if shown.visibility == "public":
        undo = "unrepost" if shown.reposted else "repost"
        count = shown.repost_count
        label = (
            ("Undo your repost of " if shown.reposted else "Repost ")
            + as_theirs(which)
            + f" ({count}"
            + (" repost)" if count == 1 else " reposts)")
        )
        action = e(url_for("social_ui.post_action", post_id=shown.id, action=undo))
        out.append(
            f'\n    <form method="post" action="{action}">\n      '
            f'<input type="hidden" name="next" value="{here}">\n      \n      '
            f'<button type="submit" class="{undo}" aria-label="{e(label)}">'
            f'{ico("repost", 18)}<span aria-hidden="true">{count}</span></button></form>\n    '
        )
    liking = "unlike" if shown.liked else "like"
    likes = shown.like_count
    label = (
        ("Unlike " if shown.liked else "Like ")
        + which
        + f" ({likes}"
        + (" like)" if likes == 1 else " likes)")
    )
    action = e(url_for("social_ui.post_action", post_id=shown.id, action=liking))
    heart = ico("heart-filled" if shown.liked else "heart", 18)
    out.append(
        f'\n    <form method="post" action="{action}">\n      '
        f'<input type="hidden" name="next" value="{here}">\n      \n      '
        f'<button type="submit" class="{liking}" aria-label="{e(label)}" '
        f'aria-pressed="{"true" if shown.liked else "false"}">{heart}'
        f'<span aria-hidden="true">{likes}</span></button></form>\n    '
    )
    return Markup("".join(out))


def post_subject(card: PostOut) -> str:
    """How a card's buttons name its post, by author and text (the media it shows where it
    has no text), and whose repost it is: "post by @judy: 'Lunch at noon?'"."""
    shown: PostBody = card.repost_of or card
    text = preview_words(shown.text, QUOTED_CHARS)
    what = f": '{text}'" if text else f" ({', '.join(m.kind for m in shown.media) or 'no text'})"
    reposter = f", reposted by @{card.author.username}" if card.repost_of else ""
    return f"post by @{shown.author.username}{what}{reposter}"


@pass_context
def post_name(page: Context, card: PostOut) -> str:
    """A post card's name in its buttons' accessible names, unique on its page: author and
    text, and the time where another card of the page has the same author and text."""
    subject = post_subject(card)
    if card.id not in page.get("twin_posts", ()):
        return subject
    moment, local_now = in_page_zone(page, (card.repost_of or card).created_at)
    assert moment is not None  # a post always has its time
    twins = page.get("twin_times", ())
    at = f" at {moment_words(moment, local_now, seconds=share_a_minute(twins))}"  # seconds
    # only where one author's same text twice within a minute needs them
    head, sep, tail = subject.partition(":")
    return f"{head}{at}{sep}{tail}" if sep else f"{subject}{at}"


@pass_context
def post_card(page: Context, p: Any, current_user: Any) -> Markup:
    """``post_card(p, current_user)``: the card ``p`` (``post_card_top``), with a dialog
    deleting it where it is the current user's."""
    which = post_name(page, p)
    dialog = ""
    if current_user and p.author.username == current_user.username:
        dialog = f"\n    \n    {_delete_dialog(p, which)}\n    "
    return Markup(
        f"\n\n\n{post_card_top(page, p, which)}{dialog}\n  </div>\n  </div>\n</article>\n"
    )


def _delete_dialog(p: Any, which: str) -> Markup:
    """The button deleting the post ``p`` (named ``which``), or the user's repost, behind its
    confirmation; back to this page after."""
    back = Markup(
        f'\n      <input type="hidden" name="next" value="{text_escaped(request.full_path)}">\n    '
    )
    repost = bool(p.repost_of)
    return confirmed(
        current_app.url_for("social_ui.post_action", post_id=p.id, action="delete"),
        ("Delete repost of " if repost else "Delete ") + which,
        ("Delete your repost of the " if repost else "Delete your ")
        + which
        + "? This cannot be undone.",
        f"delete-post-{p.id}",
        submit_label="Delete for good: " + ("repost of " if repost else "") + which,
        caller=lambda: back,
    )
