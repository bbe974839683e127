"""Counts a text gives of items in states ("we received 12 stoves; 8 stoves and 10 kettles are
still to come"), each number bound to its item and its state, so that a verifier can tell a
right count in the wrong place (10 stoves owed, 10 kettles received) from the truth.

A count is a whole number (digits, or a word from one to twenty) that is no part of a code
(``PO-1004``, ``KTL-1L``), a date (``2026-03-10``, ``12 March``, ``March 12``), a time or a
measure (``1 L``). It takes the nearest item word of its clause (either side), else the last
item of a clause before it in the same sentence or line ("Camp Stove: ordered 20, received
12; outstanding 8"); and the nearest state word of its clause, else the last state before it
likewise. The items of a list (lines starting ``-``, ``*``, ``•``, ``1.``) start from the
item and state of the line ending in a colon that heads them ("Still outstanding on
PO-1004:" then "- 8 x STV-CMP Compact Camp Stove"). A state word after "not", "no" or "never"
(within three words) gives no state ("have not arrived" is no receipt). The text is read as
``normalise.fold`` reads it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mock_services.verify.normalise import fold

NUMBER_WORDS = {
    word: n
    for n, word in enumerate(
        (
            *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
            *("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"),
            *("seventeen", "eighteen", "nineteen", "twenty"),
        )
    )
}
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_COUNT = re.compile(
    r"(?<![\w.,:/-])(\d+|" + "|".join(NUMBER_WORDS) + r")(?![\w.,:/-]*\w)"
    r"(?!\s?(?:l|ml|kg|g|cm|mm|m|%)\b)(?!\s+" + _MONTH + r"(?!\w))"
)
_AFTER_MONTH = re.compile(r"\b" + _MONTH + r"\s+$")
_LINE = re.compile(r"(?:[^.!?\n]|(?<=\d)\.(?=\d))+")  # "HDMI 2.1" is one sentence
_CLAUSE = re.compile(r"(?:[^,;:()]|(?<=\d)[,:](?=\d))+")  # 11:30 and 1,250 stay whole
_BULLET = re.compile(r"^\s*(?:[-*\u2022\u2013]|\(?\d{1,2}[.)]|[a-z][.)])\s+")
"""The mark of a list item: a dash, star or bullet, or ``1.``, ``2)``, ``a.``."""
_NEGATION = re.compile(r"\b(?:not|no|never|n't)\b(?:\W+\w+){0,2}\W*$")


@dataclass(frozen=True)
class Claim:
    """One count the text gives: ``number`` of ``item`` in ``state``."""

    item: str
    state: str
    number: int


def _word(word: str) -> str:
    """A word's pattern: ``stove*`` any word starting so, ``KTL-1L`` that whole word."""
    stem = re.escape(fold(word.removesuffix("*")))
    return rf"(?<![\w-]){stem}\w*" if word.endswith("*") else rf"(?<![\w-]){stem}(?![\w-])"


def _named(patterns: Mapping[str, re.Pattern[str]], clause: str) -> list[tuple[int, str]]:
    """(position, name) of each word of ``patterns`` in ``clause``."""
    return [(m.start(), name) for name, p in patterns.items() for m in p.finditer(clause)]


def _nearest(found: list[tuple[int, str]], at: int) -> str | None:
    return min(found, key=lambda f: abs(f[0] - at))[1] if found else None


Carried = tuple[str | None, str | None]
"""The item and the state a count takes when its own clause names none."""


def quantity_claims(
    text: str, items: Mapping[str, Sequence[str]], states: Mapping[str, Sequence[str]]
) -> list[Claim]:
    """Each count ``text`` gives of an item of ``items`` (its name -> its words) in a state of
    ``states`` (its name -> its words); a count with no item or no state is left out."""
    item_words = {n: re.compile("|".join(_word(w) for w in ws)) for n, ws in items.items()}
    state_words = {n: re.compile("|".join(_word(w) for w in ws)) for n, ws in states.items()}
    claims: list[Claim] = []
    heading: Carried = (None, None)  # what the line heading a list gives its items
    for row in fold(text).split("\n"):
        bullet = _BULLET.match(row)
        start: Carried = heading if bullet else (None, None)
        last = start
        for line in _LINE.findall(row[bullet.end() :] if bullet else row):
            last = _line_claims(line, item_words, state_words, start, claims)
        if not bullet and row.strip():
            heading = last if row.rstrip().endswith(":") else (None, None)
    return claims


def _line_claims(
    line: str,
    item_words: Mapping[str, re.Pattern[str]],
    state_words: Mapping[str, re.Pattern[str]],
    start: Carried,
    claims: list[Claim],
) -> Carried:
    """Add the counts of one sentence or line to ``claims``, each clause carrying the item
    and state of the clauses before it (from ``start``); the item and state it ends on."""
    item, state = start
    for clause in _CLAUSE.findall(line):
        in_items = _named(item_words, clause)
        in_states = [
            (at, name)
            for at, name in _named(state_words, clause)
            if not _NEGATION.search(clause[:at])
        ]
        for match in _COUNT.finditer(clause):
            if _AFTER_MONTH.search(clause[: match.start()]):
                continue
            raw = match.group(1)
            number = NUMBER_WORDS[raw] if raw in NUMBER_WORDS else int(raw)
            own_item = _nearest(in_items, match.start()) or item
            own_state = _nearest(in_states, match.start()) or state
            if own_item is not None and own_state is not None:
                claims.append(Claim(own_item, own_state, number))
        item = max(in_items)[1] if in_items else item
        state = max(in_states)[1] if in_states else state
    return item, state


@dataclass(frozen=True)
class Counts:
    """The counts a text must give and may give: ``items`` and ``states`` as
    ``quantity_claims`` reads them, ``truth``: item -> state -> the true number (a state left
    out is 0 for that item), and the (item, state) counts it must give (``required``; default:
    every true count above 0). A count that differs from the truth is a wrong fact; a required
    count the text never gives is a missing one."""

    items: Mapping[str, Sequence[str]]
    states: Mapping[str, Sequence[str]]
    truth: Mapping[str, Mapping[str, int]]
    required: Sequence[tuple[str, str]] | None = None

    def true_count(self, item: str, state: str) -> int:
        return self.truth.get(item, {}).get(state, 0)

    def problems(self, text: str) -> list[str]:
        """The wrong counts ``text`` gives, then the required ones it leaves out."""
        return self.wrong(text) + self.missing(text)

    def wrong(self, text: str) -> list[str]:
        """One problem naming every count ``text`` gives that differs from the truth."""
        wrong = sorted(
            {
                f"{c.number} {c.item} {c.state} (it is {self.true_count(c.item, c.state)})"
                for c in quantity_claims(text, self.items, self.states)
                if c.number != self.true_count(c.item, c.state)
            }
        )
        return [f"it gives a wrong count ({'; '.join(wrong)})"] if wrong else []

    def missing(self, text: str) -> list[str]:
        """One problem naming every required count ``text`` never gives."""
        claims = quantity_claims(text, self.items, self.states)
        required = self.required or [
            (item, state)
            for item, by_state in self.truth.items()
            for state, n in by_state.items()
            if n
        ]
        missing = [
            f"{self.true_count(item, state)} {item} {state}"
            for item, state in required
            if Claim(item, state, self.true_count(item, state)) not in claims
        ]
        return [f"it does not give the count of {'; '.join(missing)}"] if missing else []
