"""Gmail's search operators in the webmail's search box: ``from:bob is:unread has:attachment
quarterly report`` is read as the search options it names (from, to, subject, is:, has:,
label:, in:, before:, after:) and the words left, which are looked for as before (one phrase in
subject, text, sender and recipients). A word with a colon that names no operator
(``Re:lunch``, ``note:``) stays a word. Values may be quoted: ``from:"Bob Chen"``,
``subject:(quarterly report)``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from mock_services.core.base.errors import ValidationFailed

OPERATORS = ("from", "to", "subject", "is", "has", "label", "in", "before", "after")
_TOKEN = re.compile(
    r'(?P<op>[A-Za-z]+):(?:"(?P<quoted>[^"]*)"|\((?P<grouped>[^)]*)\)|(?P<bare>\S+))|(?P<word>\S+)'
)
IS_VALUES = {
    "unread": ("unread", True),
    "read": ("unread", False),
    "starred": ("starred", True),
    "unstarred": ("starred", False),
}


@dataclass
class Parsed:
    """What a search box's text asks for."""

    words: str = ""
    sender: str | None = None
    recipient: str | None = None
    subject: str | None = None
    unread: bool | None = None
    starred: bool | None = None
    has_attachment: bool | None = None
    label: str | None = None
    folder: str | None = None
    after: datetime | None = None
    before: datetime | None = None
    used: list[str] = field(default_factory=list)
    """The operators given, in the order given (``["from", "is"]``)."""


def _day(name: str, value: str, zone: ZoneInfo) -> datetime:
    """``2026/03/02`` or ``2026-03-02`` as the start of that day in ``zone``."""
    found = re.fullmatch(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})", value)
    try:
        if not found:
            raise ValueError
        day = date(int(found[1]), int(found[2]), int(found[3]))
    except ValueError:
        raise ValidationFailed(
            f"search {name}:{value} is not a date; write it as {name}:2026/03/02"
        ) from None
    return datetime.combine(day, time(), zone)


def parse(text: str, zone: ZoneInfo) -> Parsed:
    """The operators of ``text`` and the words left; dates are days in ``zone`` (the user's
    own, as Gmail reads them). An ``is:`` or ``has:`` value it does not know is refused,
    naming the values it knows."""
    parsed = Parsed()
    words: list[str] = []
    for token in _TOKEN.finditer(text):
        op = (token["op"] or "").lower()
        value = token["quoted"] if token["quoted"] is not None else token["grouped"]
        if value is None:
            value = token["bare"]
        if token["word"] is not None or op not in OPERATORS or not (value or "").strip():
            words.append(token[0])
            continue
        value = value.strip()
        parsed.used.append(op)
        if op == "from":
            parsed.sender = value
        elif op == "to":
            parsed.recipient = value
        elif op == "subject":
            parsed.subject = value
        elif op == "label":
            parsed.label = value
        elif op == "in":
            parsed.folder = value.lower() if value.lower() != "anywhere" else None
        elif op == "is":
            if value.lower() not in IS_VALUES:
                known = ", ".join(f"is:{v}" for v in IS_VALUES)
                raise ValidationFailed(f"search is:{value} is not known; use one of {known}")
            name, flag = IS_VALUES[value.lower()]
            setattr(parsed, name, flag)
        elif op == "has":
            if value.lower() not in ("attachment", "attachments"):
                raise ValidationFailed(f"search has:{value} is not known; use has:attachment")
            parsed.has_attachment = True
        else:  # before, after
            setattr(parsed, op, _day(op, value, zone))
    parsed.words = " ".join(words)
    return parsed
