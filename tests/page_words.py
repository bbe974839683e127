"""What a page says to its reader: its text without tags, attributes, scripts or styles, so a
test can hold that no bare ISO date or stray format is shown (a form field's value and a
``<time datetime>`` keep ISO, which is what they take)."""

from __future__ import annotations

import re
from html import unescape

ISO_DAY = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_HIDDEN = re.compile(r"<(script|style|textarea)\b.*?</\1>", re.DOTALL | re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")


def shown_text(html: str) -> str:
    """The page's words, one space between pieces."""
    return " ".join(unescape(_TAG.sub(" ", _HIDDEN.sub(" ", html))).split())


def iso_days_shown(html: str) -> list[str]:
    """The bare ISO dates a reader sees on the page."""
    return ISO_DAY.findall(shown_text(html))
