"""A chat search as its query reads: the words and each modifier (``from:@bob``, ``in:#general``,
``after:``/``before:`` a day), for the search itself and for the verifier SDK, which reads what an
agent searched for without the ORM."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from mock_services.chat.schemas import SearchQuery
from mock_services.core.base.errors import invalid_field


@dataclass
class Terms:
    """A search as read from its query: words and each modifier."""

    words: list[str] = field(default_factory=list)
    from_user: str | None = None
    in_conversation: str | None = None
    after: date | None = None
    before: date | None = None


def _day(value: str, name: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise invalid_field(
            "q", f"{name}: expects a day such as 2026-03-05, not {value!r}"
        ) from None


def terms(query: SearchQuery) -> Terms:
    found = Terms(
        from_user=query.from_user,
        in_conversation=query.in_conversation,
        after=query.after,
        before=query.before,
    )
    for token in query.q.split():
        key, sep, value = token.partition(":")
        key = key.lower()
        if sep and value and key == "from":
            found.from_user = value
        elif sep and value and key == "in":
            found.in_conversation = value
        elif sep and value and key in ("after", "before"):
            setattr(found, key, _day(value, key))
        else:
            found.words.append(token)
    return found
