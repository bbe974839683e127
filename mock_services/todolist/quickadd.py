"""Todoist's quick add: words typed in a new task's name that set its fields, then leave the
name ("Call the plumber tomorrow p1 #errands" is "Call the plumber", due tomorrow, priority
high, tagged errands).

Only whole words count, in any case: ``today``, ``tomorrow``, a weekday (``friday``: the next
one, today excluded; ``next friday`` the same day), ``p1``-``p4`` (Todoist's priorities: p1
high, p2 medium, p3 low, p4 none) and ``#tag`` for a tag the user already has (as Todoist's
labels: one that is none of theirs, "#1", stays in the name as typed; a new tag is typed in
the Tags field). A word whose field the form already sets is left in the name, so a name that
means what it says ("Book a table for Friday" with a date picked) stays.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import date, timedelta

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
PRIORITY_WORDS = {"p1": "high", "p2": "medium", "p3": "low", "p4": "none"}
_DAY = re.compile(
    r"(?<!\S)(?:(next)\s+)?(today|tomorrow|" + "|".join(WEEKDAYS) + r")(?!\S)", re.IGNORECASE
)
_PRIORITY = re.compile(r"(?<!\S)(p[1-4])(?!\S)", re.IGNORECASE)
_TAG = re.compile(r"(?<!\S)#([^\s#]+)(?!\S)")


@dataclass(frozen=True)
class QuickAdd:
    title: str
    due_date: date | None = None
    priority: str | None = None
    tags: tuple[str, ...] = field(default=())


def day_for(word: str, today: date) -> date:
    """The day ``word`` (today, tomorrow or a weekday name) means, seen from ``today``."""
    word = word.lower()
    if word == "today":
        return today
    if word == "tomorrow":
        return today + timedelta(days=1)
    ahead = (WEEKDAYS.index(word) - today.weekday()) % 7
    return today + timedelta(days=ahead or 7)


def parse(
    title: str,
    today: date,
    *,
    want_day: bool = True,
    want_priority: bool = True,
    known_tags: Collection[str] = (),
) -> QuickAdd:
    """The fields ``title``'s words set (the last day and priority win; every ``known_tags``
    tag, lowercase, is taken) and the name without them; a kind not wanted (its field already
    set) is left alone, and so is every word when taking them would leave no name."""
    due: date | None = None
    priority: str | None = None
    rest = title
    if want_day:
        days = list(_DAY.finditer(rest))
        if days:
            due = day_for(days[-1][2], today)
            rest = _DAY.sub(" ", rest)
    if want_priority:
        found = list(_PRIORITY.finditer(rest))
        if found:
            priority = PRIORITY_WORDS[found[-1][1].lower()]
            rest = _PRIORITY.sub(" ", rest)
    tags = tuple(
        dict.fromkeys(t[1].lower() for t in _TAG.finditer(rest) if t[1].lower() in known_tags)
    )
    rest = _TAG.sub(lambda t: " " if t[1].lower() in tags else t[0], rest)
    rest = " ".join(rest.split())
    if not rest or (due is None and priority is None and not tags):
        return QuickAdd(title)
    return QuickAdd(rest, due, priority, tags)
