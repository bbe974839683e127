"""Facts a text must carry, read by what they mean rather than by a list of spellings: a clock
time (``At("11:30")`` is also "half past eleven in the morning"), a day (``On(date(2026, 4,
30))`` is also "the 30th of April" and "Thursday the 30th") and an amount (``Sum(21750)`` is
also "$21,750.00" and "twenty-one thousand seven hundred and fifty dollars").

``ContentRule(facts={"the start": At("11:30")})`` takes one where it takes spellings: each
gives the words of a text that name it (``spellings``), which the rule then reads as it reads
a listed spelling (named in a clause that does not deny it). The text is read as
``normalise.fold`` reads it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from mock_services.verify.amounts import NUMBER
from mock_services.verify.normalise import fold
from mock_services.verify.when import MONTHS, ORDINAL_WORDS, WEEKDAYS, clock_times

_ORDINAL = r"(?:st|nd|rd|th)"
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_UNIT_WORDS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"),
    *("eighteen", "nineteen"),
)
_UNITS = {word: number for number, word in enumerate(_UNIT_WORDS)}
_TEN_WORDS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_TENS = {word: 10 * number for number, word in enumerate(_TEN_WORDS, start=2)}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000}
_NUMBER_WORD = "|".join([*_UNITS, *_TENS, *_SCALES])
_WORDS_RUN = re.compile(rf"\b(?:{_NUMBER_WORD})(?:(?:\s+and\s+|[\s-]+)(?:{_NUMBER_WORD}))*\b")
_CURRENCY_WORD = r"(?:dollars?|euros?|pounds?)"
_CENTS = re.compile(rf"^\s*{_CURRENCY_WORD}?\s*(?:and\s+)?({_WORDS_RUN.pattern})\s+cents?\b")
_HALF = re.compile(rf"^\s+and\s+a\s+half\b(?:\s+({'|'.join(_SCALES)})\b)?")
_GRAND = re.compile(r"^\s+grand\b")
_DIGITS = re.compile(rf"(?<![\w.,])({NUMBER})(?![\d,.]\d)(?:\s?([km])\b)?")
_SCALE = {None: 1, "k": 1_000, "m": 1_000_000}
CENT = 0.005
"""An amount within half a cent of the fact's is it."""


def words_value(words: str) -> int:
    """The number that English number words say: "twenty-one thousand seven hundred and
    fifty" is 21750."""
    total = current = 0
    for word in re.findall(r"[a-z]+", words):
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current *= 100
        elif word in _SCALES:
            total += current * _SCALES[word]
            current = 0
    return total + current


@dataclass(frozen=True)
class Worded:
    """A number written in words: where it lies in the folded text, its value, and how many
    number words say it."""

    start: int
    end: int
    value: float
    words: int


def worded_numbers(folded: str) -> list[Worded]:
    """Each number ``folded`` text writes in words, with the words that complete it: "and
    forty cents" after it (its currency word between), "and a half" (of the scale after it:
    "twenty-one and a half thousand" is 21500) and "grand" (a thousand)."""
    found: list[Worded] = []
    for m in _WORDS_RUN.finditer(folded):
        if found and m.start() < found[-1].end:  # the cents of the number before
            continue
        value, end, rest = float(words_value(m.group(0))), m.end(), folded[m.end() :]
        words = len(re.findall(r"[a-z]+", m.group(0).replace(" and ", " ")))
        if cents := _CENTS.match(rest):
            value, end = value + words_value(cents.group(1)) / 100, end + cents.end()
        elif half := _HALF.match(rest):
            scale = _SCALES.get(half.group(1) or "", 1)
            value, end, words = (value + 0.5) * scale, end + half.end(), words + 1
        elif grand := _GRAND.match(rest):
            value, end, words = value * 1_000, end + grand.end(), words + 1
        found.append(Worded(m.start(), end, value, words))
    return found


@dataclass(frozen=True)
class At:
    """A clock time (``"11:30"``, 24-hour), in digits or in words, as ``when`` reads times."""

    time: str

    def spellings(self, text: str) -> list[str]:
        folded = fold(text)
        found = [folded[start:end] for start, end, time in clock_times(folded) if time == self.time]
        return found + [m.group(0) for m in self._dotted().finditer(folded)]

    def _dotted(self) -> re.Pattern[str]:
        """The time with a dot ("11.30", "3.00 pm"), which ``when`` leaves to amounts: read
        only as this fact's own time, its am or pm (if given) agreeing."""
        hour, minute = (int(part) for part in self.time.split(":"))
        half = "p" if hour >= 12 else "a"
        twelve = (hour - 1) % 12 + 1
        return re.compile(
            rf"(?<![\d.,])(?:0?{hour}\.{minute:02d}(?!\d)"
            rf"(?:\s*{half}\.?\s?m\b\.?|(?!\s*[ap]\.?\s?m\b))"
            rf"|0?{twelve}\.{minute:02d}\s*{half}\.?\s?m\b\.?)"
        )

    def __str__(self) -> str:
        return f"{self.time}, in digits or words"


@dataclass(frozen=True)
class On:
    """A day: its date with the month (``30 April``, ``April 30th``, ``the 30th of April``, "the
    thirtieth of April", "April the thirtieth"), in ISO or numeric form (``2026-04-30``,
    ``04/30/2026``, ``30/04/2026``, ``30.04.2026``; month and day alone, either way round:
    ``04/30``, ``30/04``), as "the 30th" after its weekday or alone, or (``weekday=True``) its
    weekday's name."""

    day: date
    weekday: bool = False

    def spellings(self, text: str) -> list[str]:
        d, folded = self.day, fold(text)
        months = [name for name, number in MONTHS.items() if number == d.month]
        month = "|".join(sorted(months, key=len, reverse=True))
        patterns = [
            rf"(?<![\w.])0?{d.day}{_ORDINAL}?\s+(?:of\s+)?(?:{month})\b",
            rf"\b(?:{month})\.?\s+0?{d.day}{_ORDINAL}?\b(?!:\d)",
            rf"(?<!\d){d:%Y-%m-%d}(?!\d)",
            rf"(?<![\d/.]){d.month:0>2}/{d.day:0>2}/{d.year}(?!\d)|(?<![\d/.]){d.month}/{d.day}/{d.year}(?!\d)",
            rf"(?<![\d/.]){d.day:0>2}[/.]{d.month:0>2}[/.]{d.year}(?!\d)",
            rf"(?<![\d/.])(?:0?{d.month}/0?{d.day}|0?{d.day}/0?{d.month})(?![\d/])",
            rf"\bthe\s+0?{d.day}{_ORDINAL}\b(?!\s+(?:of\s+)?(?:{_MONTH})\b)",
        ]
        words = "|".join(w for w, day in ORDINAL_WORDS.items() if day == d.day)
        patterns += [  # in words: "the twelfth of March", "March the twelfth"
            rf"\b(?:the\s+)?(?:{words})\s+of\s+(?:{month})\b",
            rf"\b(?:{month})\.?\s+the\s+(?:{words})\b",
        ]
        if self.weekday:
            patterns.append(rf"\b{WEEKDAYS[d.weekday()]}\b")
        return [m.group(0) for p in patterns for m in re.finditer(p, folded)]

    def __str__(self) -> str:
        named = f"{self.day:%A}, " if self.weekday else ""
        return f"{named}{self.day.day} {self.day:%B %Y} in any date form"


@dataclass(frozen=True)
class Sum:
    """An amount of money to the cent, in digits (with or without a currency, separators,
    cents or a ``k``/``m`` suffix: "21.75k") or in words ("one thousand two hundred
    seventy-four dollars and forty cents")."""

    amount: float

    def _is(self, value: float) -> bool:
        return abs(value - self.amount) < CENT

    def spellings(self, text: str) -> list[str]:
        folded = fold(text)
        found = [
            m.group(0)
            for m in _DIGITS.finditer(folded)
            if self._is(float(re.sub(r"[,\u2019' ]", "", m.group(1))) * _SCALE[m.group(2)])
        ]
        found += [folded[w.start : w.end] for w in worded_numbers(folded) if self._is(w.value)]
        return found

    def __str__(self) -> str:
        return f"{self.amount:,.2f} in digits or words"


Read = At | On | Sum
"""A fact read by what it means (``ContentRule.facts`` takes one in place of spellings)."""
