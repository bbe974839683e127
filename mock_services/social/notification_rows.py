"""The notifications page's rows, a function where they were a template loop: a page lists
twenty or more, each naming who did what and the post it was about, and the loop's escapes and
template calls made the page cost three times its JSON (the markup is the one
``notifications.html`` wrote, byte for byte)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from flask import current_app
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from mock_services.core.web.ui import picture, preview, when
from mock_services.core.web.ui import text_escaped as e
from mock_services.core.web.wording import preview_words
from mock_services.social.cards import QUOTED_CHARS, ago
from mock_services.social.icons import social_icon as ico
from mock_services.social.schemas import PostBody


def post_quote(card: PostBody) -> str:
    """A post's words as a sentence quotes them ("'Lunch at noon?'"), or what it shows where it
    has no text ("(photo)"): a notification names your post and a reply by them."""
    text = preview_words(card.text, QUOTED_CHARS)
    return f"'{text}'" if text else f"({', '.join(m.kind for m in card.media) or 'no text'})"


@pass_context
def social_notification_rows(
    page: Context,
    notifications: Iterable[Any],
    about: Mapping[int, Any],
    answered: Mapping[int, Any],
    verbs: Mapping[str, str],
    icons: Mapping[str, str],
) -> Markup:
    """Each notification (its kind's icon in ``icons``, who did it, what in ``verbs``, when)
    and the post it is about (``about``, by id; a reply's with your post it answers, in
    ``answered``), or none: "Nothing to see here yet."."""
    url = current_app.url_for

    def row(n: Any) -> str:
        actor = n.actor
        new = "<strong>New:</strong> " if not n.read else ""
        return (
            f'\n  <li data-id="{e(n.id)}" class="notification k-{e(n.kind)} '
            f'{"read" if n.read else "unread"}">\n    <span class="kind">'
            f"{ico(icons[n.kind], 28)}</span>\n    <div>\n      "
            f'{picture("person", actor.display_name, 32)}\n      <p style="margin:.3rem 0">{new}'
            f'<a href="{e(url("social_ui.profile_page", username=actor.username))}"><strong>'
            f"{e(actor.display_name)}</strong> @{e(actor.username)}</a> {e(verbs[n.kind])}\n"
            f'        <span class="x-muted">· <time datetime="{e(n.created_at)}" '
            f'title="{e(when(page, n.created_at))}">{e(ago(page, n.created_at))}</time></span>'
            f"</p>\n      {_about(n, about, answered, verbs) if n.post_id else ''}\n"
            "    </div>\n  </li>\n  "
        )

    drawn = "".join(row(n) for n in notifications)
    return Markup(drawn or '<li class="empty">Nothing to see here yet.</li>')


def _about(
    n: Any, about: Mapping[int, Any], answered: Mapping[int, Any], verbs: Mapping[str, str]
) -> str:
    """The post a notification is about, linked and named by what was done to it, or that it
    is gone."""
    card = about.get(n.post_id)
    if not card:
        return '<span class="x-muted">a post that is gone</span>'
    shown = card.repost_of or card
    quote = post_quote(shown)
    if n.kind == "like":
        said = f"liked your post {quote}"
    elif n.kind == "repost":
        said = f"reposted your post {quote}"
    elif n.kind == "reply":
        yours = answered.get(card.reply_to_id)
        replied = f"replied to your post {post_quote(yours)}" if yours else "replied to your post"
        said = f"{replied} with {quote}"
    elif n.kind == "mention":
        said = f"mentioned you in their post {quote}"
    else:
        said = f"{verbs[n.kind]} {quote}"
    href = e(current_app.url_for("social_ui.post_page", post_id=n.post_id))
    words = preview(shown.text, 80) if shown.text else "the post"
    return f'<a href="{href}" aria-label="{e(n.actor.display_name)} {e(said)}">{e(words)}</a>'
