"""Mentions: ``@username`` in a message's text names a person (``mail@example.test`` does not:
an ``@`` after a letter, a digit or a dot is part of an address)."""

from __future__ import annotations

import re

MENTION = re.compile(r"(?<![\w.@])@([a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)", re.IGNORECASE)


def mentioned(text: str) -> list[str]:
    """The usernames ``text`` mentions, lowercased, each once, in the order it first names them."""
    found: list[str] = []
    for match in MENTION.finditer(text):
        name = match.group(1).lower()
        if name not in found:
            found.append(name)
    return found
