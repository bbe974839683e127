"""One URL that a ClawBench ``eval_schema.url_pattern`` matches (searched, as upstream's
interceptor does): the oracle's and the wrong solutions' request URL."""

from __future__ import annotations

import re
from re import _constants as sre  # type: ignore[attr-defined]  # private: no stub; the parser's opcodes
from re import _parser  # type: ignore[attr-defined]  # private regex parser: no stub
from typing import Any

CATEGORY_CHARS = {
    sre.CATEGORY_DIGIT: "1",
    sre.CATEGORY_WORD: "a",
    sre.CATEGORY_SPACE: " ",
    sre.CATEGORY_NOT_DIGIT: "a",
    sre.CATEGORY_NOT_WORD: "-",
    sre.CATEGORY_NOT_SPACE: "a",
}


def _one_of(items: list[tuple[Any, Any]]) -> str:
    """A character of a class ``[...]`` (its first member; a negated class: a letter)."""
    if items and items[0][0] is sre.NEGATE:
        return "q"
    op, value = items[0]
    if op is sre.LITERAL:
        return chr(value)
    if op is sre.RANGE:
        return chr(value[0])
    if op is sre.CATEGORY:
        return CATEGORY_CHARS.get(value, "a")
    return "a"


def _text(tree: Any) -> str:
    """The shortest text a parsed pattern matches (the first branch of each choice)."""
    out = []
    for op, value in tree:
        if op is sre.LITERAL:
            out.append(chr(value))
        elif op is sre.NOT_LITERAL:
            out.append("q" if chr(value) != "q" else "z")
        elif op is sre.ANY:
            out.append("a")
        elif op is sre.IN:
            out.append(_one_of(value))
        elif op is sre.CATEGORY:
            out.append(CATEGORY_CHARS.get(value, "a"))
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            low, _high, inner = value
            gap = not low and list(inner) == [(sre.ANY, None)]  # ``.*`` between parts: a "/"
            out.append("/" if gap else _text(inner) * low)
        elif op is sre.SUBPATTERN:
            out.append(_text(value[-1]))
        elif op is sre.BRANCH:
            out.append(_text(value[1][0]))
        elif op is sre.ATOMIC_GROUP:
            out.append(_text(value))
    return "".join(out)


def example_url(pattern: str, sites: list[str]) -> str | None:
    """A URL that ``re.search(pattern, url)`` finds, or None when none could be built."""
    try:
        core = _text(_parser.parse(pattern))
    except (re.error, TypeError, ValueError, IndexError):
        return None
    host = next((s for s in sites if "." in s), "example.com")
    if "://" in core:
        candidates = [core]
    elif core.startswith("/"):
        candidates = [f"https://{host}{core}"]
    else:
        candidates = [f"https://{core}", f"https://{host}/{core}"]
    return next((url for url in candidates if re.search(pattern, url)), None)
