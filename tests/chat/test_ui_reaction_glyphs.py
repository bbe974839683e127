"""Reactions show their emoji as Slack does, the glyph and its count ("👍 5"), never the
shortcode (":thumbsup: 5"); their buttons keep the emoji's name in words."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_reactions_show_the_glyph_not_the_shortcode(alice: ApiClient) -> None:
    html = as_browser(alice).get("/c/1").text
    text = shown_text(html)
    assert ":thumbsup:" not in text and ":rocket:" not in text, text[:800]
    assert "\U0001f44d" in text or "\U0001f680" in text, text[:800]
    assert 'aria-label="React with thumbs up' in html or 'aria-label="Remove your thumbs up' in html
