"""What a post's text holds besides words: hashtags and mentions, and the limits of a post."""

from __future__ import annotations

import re

MAX_POST_CHARS = 500
MAX_MEDIA = 4
_HASHTAG = re.compile(r"(?<![\w#])#(\w{1,100})")
_MENTION = re.compile(r"(?<![\w@])@([A-Za-z0-9_.-]{1,64})")


def _distinct(found: list[str]) -> list[str]:
    return list(dict.fromkeys(found))


def hashtags_in(text: str) -> list[str]:
    """The distinct hashtags of ``text``, lower-cased, without '#', in order of appearance."""
    return _distinct([tag.casefold() for tag in _HASHTAG.findall(text)])


def mentions_in(text: str) -> list[str]:
    """The distinct usernames mentioned with '@' in ``text``, in order of appearance."""
    return _distinct([name.rstrip(".") for name in _MENTION.findall(text)])
