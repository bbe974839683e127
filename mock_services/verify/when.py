"""The days and clock times a text names, for a rule that only the situation's may be named: a
mail that gives the right flight on the wrong weekday, or the right start with a made-up end,
carries a wrong fact however right the rest is.

Days are weekday names (``Tuesday``) and dates (``3 March``, ``March 3rd``, ``2026-03-03``,
"the third of March", "March the third");
times are ``14:05``, ``14h05``, ``2:05 pm`` and ``2 pm``, read as 24-hour ``HH:MM``, and the
same said in words: "ten thirty", "half past ten", "a quarter to eleven", "five past two", "ten
to three", "ten o'clock", "ten am", "two in the afternoon", "noon", an hour alone in "from ten
to eleven", "between ten and eleven", after a move ("moved it to three") or at a sentence's
end ("see you at ten."). An hour in words without am or pm is read in office hours (one to
seven in the afternoon, eight to eleven in the morning). The text is read as
``normalise.fold`` reads it. Relative words (today, tomorrow) are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from itertools import pairwise

from mock_services.verify.normalise import fold

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sept", "sep"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_ORDINAL = r"(?:st|nd|rd|th)?"
_WEEKDAY = re.compile(rf"\b({'|'.join(WEEKDAYS)})s?\b")
_FIRSTS = (
    *("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"),
    *("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth"),
    *("seventeenth", "eighteenth", "nineteenth", "twentieth"),
)
ORDINAL_WORDS = {
    **{word: day for day, word in enumerate(_FIRSTS, start=1)},
    **{f"twenty-{word}": 20 + day for day, word in enumerate(_FIRSTS[:9], start=1)},
    "thirtieth": 30,
    "thirty-first": 31,
}
"""A day of the month in words ("the twelfth of March", "March the twenty-first")."""
_DAY_WORD = "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True))
# in words, a day needs "of" before its month or "the" after it ("the second of May", "May the
# second"), so that "the second may be later" and "you may first check" name no day
_DAY_MONTH = re.compile(
    rf"(?<![\w.])(?:(\d{{1,2}}){_ORDINAL}\s+(?:of\s+)?|(?:the\s+)?({_DAY_WORD})\s+of\s+)"
    rf"({_MONTH})\b\.?"
)
_MONTH_DAY = re.compile(
    rf"\b({_MONTH})\.?\s+(?:the\s+({_DAY_WORD})\b|(\d{{1,2}}){_ORDINAL}(?![\d:]))"
)
_ISO_DAY = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_CLOCK = re.compile(r"(?<![\d:.,])(\d{1,2})[:h](\d{2})(?!\d)(?:\s*([ap])\.?\s?m\b\.?)?")
_ONWARD = re.compile(r"to|until|till|->|=>|\u2192|-|\u2013")  # between a time and the next
_TO_BEFORE = re.compile(r"\bto\s*$")
_HOUR = re.compile(r"(?<![\d:.,])(\d{1,2})\s*([ap])\.?\s?m\b\.?")
HOUR_WORDS = {
    word: number
    for number, word in enumerate(
        [
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        ],
        start=1,
    )
}
MINUTE_WORDS = {"o'clock": 0, "oclock": 0, "fifteen": 15, "thirty": 30, "forty-five": 45}
PAST_WORDS = {"five": 5, "ten": 10, "twenty": 20, "twenty-five": 25}
"""Minutes said before "past" or "to" an hour ("five past two", "ten to three"), besides
half and a quarter."""
_WAY = {"past": 1, "to": -1}
_RANGE_BEFORE = re.compile(r"\b(?:from|between)\s+$")
_SAID_HOUR = rf"({'|'.join(HOUR_WORDS)})"
_SAID_HALF = r"(?:\s*([ap])\.?\s?m\b\.?|\s+in\s+the\s+(morning|afternoon|evening))?"
_SAID = re.compile(
    "|".join(
        (
            rf"\b(?P<part>half|(?:a\s+)?quarter|twenty[- ]five|twenty|ten|five)(?:\s+minutes)?"
            rf"\s+(?P<way>past|to)\s+{_SAID_HOUR}\b{_SAID_HALF}",
            rf"\b{_SAID_HOUR}\s+(?P<minute>o'?clock|fifteen|thirty|forty[- ]five)\b{_SAID_HALF}",
            rf"\b{_SAID_HOUR}(?=\s*[ap]\.?\s?m\b|\s+in\s+the\s+(?:morning|afternoon|evening)\b)"
            rf"{_SAID_HALF}",
            r"\b(?P<noon>noon|midday)\b",
        )
    )
)
_SAID_RANGE = re.compile(
    rf"\b(?:from|between)\s+{_SAID_HOUR}{_SAID_HALF}\s+(?:to|until|till|and)\s+{_SAID_HOUR}"
    rf"\b{_SAID_HALF}"
)
_SAID_AT_END = re.compile(rf"\bat\s+{_SAID_HOUR}{_SAID_HALF}(?=\s*(?:[.!?;,]|$))")
# an hour alone that a change moves something to: "moved it to three when...", "pushed the
# call back to four." (not "changed to three items"; "to four pm" is read as any "four pm")
_SAID_MOVED_TO = re.compile(
    r"\b(?:mov|chang|shift|push|bump|switch|resched\w*)(?:e|ed|es|ing|s)?\s+"
    r"(?:(?:it|us|them|that|this|the\s+\w+)\s+)?(?:(?:back|up|forward|over)\s+)?"
    rf"to\s+{_SAID_HOUR}(?=\s*(?:[.!?;,)]|$)|\s+(?:when|because|as|since|so|and|but|instead"
    r"|then|on|for|after|now)\b)"
)


def wrong_days(text: str, days: Iterable[date]) -> list[str]:
    """The days ``text`` names that are none of ``days``: a weekday none of them falls on, a
    day and month none of them has, an ISO date not among them."""
    allowed = list(days)
    weekdays = {WEEKDAYS[d.weekday()] for d in allowed}
    month_days = {(d.month, d.day) for d in allowed}
    folded = fold(text)
    wrong = [m.group(0) for m in _WEEKDAY.finditer(folded) if m.group(1) not in weekdays]
    wrong += [
        m.group(0)
        for m in _DAY_MONTH.finditer(folded)
        if (MONTHS[m.group(3)], _day_of(m.group(1), m.group(2))) not in month_days
    ]
    wrong += [
        m.group(0)
        for m in _MONTH_DAY.finditer(folded)
        if (MONTHS[m.group(1)], _day_of(m.group(3), m.group(2))) not in month_days
    ]
    wrong += [m.group(0) for m in _ISO_DAY.finditer(folded) if not _iso_in(m, allowed)]
    return wrong


def _day_of(digits: str | None, word: str | None) -> int:
    """The day of the month written in digits or as an ordinal word."""
    return int(digits) if digits else ORDINAL_WORDS[word or ""]


def _iso_in(match: re.Match[str], days: list[date]) -> bool:
    try:
        return date(int(match.group(1)), int(match.group(2)), int(match.group(3))) in days
    except ValueError:  # not a date at all (2026-13-40): no day of the situation either
        return False


def times_named(text: str) -> list[str]:
    """Each clock time ``text`` names, as ``HH:MM`` on a 24-hour clock."""
    return [time for _start, _end, time in clock_times(fold(text))]


def clock_times(folded: str) -> list[tuple[int, int, str]]:
    """(start, end, ``HH:MM``) of each clock time in ``folded`` text, in order."""
    found = [
        (m.start(), m.end(), _hhmm(int(m.group(1)), int(m.group(2)), m.group(3)))
        for m in _CLOCK.finditer(folded)
    ]
    found += [
        (m.start(), m.end(), _hhmm(int(m.group(1)), 0, m.group(2))) for m in _HOUR.finditer(folded)
    ]
    found += _said_times(folded)
    kept: list[tuple[int, int, str]] = []
    for start, end, time in sorted(found, key=lambda f: (f[0], -f[1])):
        if time is not None and not (kept and start < kept[-1][1]):  # one reading per words
            kept.append((start, end, time))
    return kept


def _said_times(folded: str) -> list[tuple[int, int, str]]:
    """(start, end, ``HH:MM``) of each time ``folded`` says in words (the module's list)."""
    found: list[tuple[int, int, str]] = []
    for m in _SAID.finditer(folded):
        words = [g for g in m.groups() if g is not None]
        if m.group("noon"):
            found.append((m.start(), m.end(), "12:00"))
        elif m.group("part"):
            part, way, hour, *half = words
            if part in PAST_WORDS and way == "to" and _RANGE_BEFORE.search(folded, 0, m.start()):
                continue  # "from ten to eleven" is a range (``_SAID_RANGE``), not 10:50
            minutes = 30 if part == "half" else PAST_WORDS.get(part.replace(" ", "-"), 15)
            found.append((m.start(), m.end(), _said(HOUR_WORDS[hour], minutes * _WAY[way], half)))
        else:
            hour, *rest = words
            minute = MINUTE_WORDS.get(rest[0].replace(" ", "-"), 0) if m.group("minute") else 0
            half = rest[1:] if m.group("minute") else rest
            found.append((m.start(), m.end(), _said(HOUR_WORDS[hour], minute, half)))
    for m in _SAID_RANGE.finditer(folded):
        first, *first_half, second = m.groups()[:4]
        second_half = [h for h in m.groups()[4:] if h]
        first_half = [h for h in first_half if h] or second_half  # "from ten to eleven am"
        found.append((m.start(1), m.end(3), _said(HOUR_WORDS[first], 0, first_half)))
        found.append((m.start(4), m.end(), _said(HOUR_WORDS[second], 0, second_half)))
    found += [
        (m.start(1), m.end(), _said(HOUR_WORDS[m.group(1)], 0, [h for h in m.groups()[1:] if h]))
        for pattern in (_SAID_AT_END, _SAID_MOVED_TO)
        for m in pattern.finditer(folded)
    ]
    return found


def _said(hour: int, minutes: int, half: Sequence[str]) -> str:
    """``HH:MM`` of an hour said in words and minutes after it (before it, if negative): am or
    pm (``a``, ``p``, or morning, afternoon, evening) as said, else in office hours."""
    if half:
        hour = hour % 12 + (0 if half[0] in ("a", "morning") else 12)
    elif hour <= 7:
        hour += 12
    total = (hour * 60 + minutes) % (24 * 60)
    return f"{total // 60:02d}:{total % 60:02d}"


# words that put a time in the past of the situation: what was planned, not what holds now
_PAST = re.compile(
    r"\b(?:was|were|had been|due|original\w*|planned|scheduled|cancel\w*|instead"
    r"|previous\w*|earlier|old|from|no longer)\b"
)
_SENTENCE = re.compile(r"[^.!?;\n]+")


def stale_times(text: str, stale: Mapping[str, Sequence[str]]) -> list[str]:
    """Each sentence of ``text`` that gives a time of ``stale`` (a time that no longer holds ->
    the times that replaced it) as if it held: naming none of its replacements and no word of
    the past (was, due, original, cancelled, instead...)."""
    found = []
    for sentence in _SENTENCE.findall(fold(text)):
        named = {time for _start, _end, time in clock_times(sentence)}
        for time in named & set(stale):
            if not named & set(stale[time]) and not _PAST.search(sentence):
                found.append(f"{time} in {sentence.strip()!r}")
    return found


# a sentence ends at a stop followed by a space (not inside "10.30" or "a.m.") or a line's end
_CLAIM = re.compile(r"[.!?;]+(?=\s|$)|\n")


def contradicting_times(text: str, times: Iterable[str]) -> list[str]:
    """Each sentence of ``text`` that gives another clock time than ``times`` (an event's start
    and end, ``"10:30"``) while naming none of them: a mail about a booking that states another
    time for it ("see you from 10:00 to 11:00" of a 10:30 review). A sentence that names one of
    the event's times may name others ("moved from 10:00 to 10:30"). Each is given as
    ``"10:00 in 'the sentence'"``."""
    own = {_hhmm(int(hour), int(minute), None) for hour, minute in (t.split(":") for t in times)}
    found = []
    for sentence in _CLAIM.split(fold(text)):
        named = {time for _start, _end, time in clock_times(sentence)}
        if named - own and not named & own:
            found.append(f"{', '.join(sorted(named - own))} in {sentence.strip()!r}")
    return found


def contradicting_days(text: str, days: Iterable[date]) -> list[str]:
    """Each sentence of ``text`` that names another day than ``days`` (an event's) while naming
    none of them: "it is set for Friday" of a Thursday review. A sentence that names one of the
    event's days may name others ("moved from Wednesday to Thursday"). Each is given as
    ``"friday in 'the sentence'"``."""
    allowed = list(days)
    found = []
    for sentence in _CLAIM.split(fold(text)):
        wrong = wrong_days(sentence, allowed)
        if wrong and len(wrong) == len(wrong_days(sentence, [])):
            found.append(f"{', '.join(wrong)} in {sentence.strip()!r}")
    return found


ROLE_REACH = 6  # words between a role word ("lands", "starts") and the time it introduces
_CLAUSE = re.compile(r"[^.!?;,\n]+")


def misplaced_times(
    text: str, roles: Mapping[str, tuple[Sequence[str], Sequence[str]]]
) -> list[str]:
    """Each clock time ``text`` gives in a role whose times it is not: ``roles`` maps a role's
    name to its words (stems end in ``*``: ``land*``) and its times. A time takes the role of the
    nearest role word before it in its clause, at most ``ROLE_REACH`` words before and with no
    other time between ("lands at 15:40" gives 15:40 as a landing)."""
    words = {
        name: re.compile("|".join(_role_word(w) for w in role_words))
        for name, (role_words, _times) in roles.items()
    }
    found = []
    for clause in _CLAUSE.findall(fold(text)):
        previous_end = 0
        for start, end, time in clock_times(clause):
            before = clause[previous_end:start]
            reach = " ".join(before.split()[-ROLE_REACH - 1 :])
            named = [
                (match.end(), name)
                for name, pattern in words.items()
                for match in pattern.finditer(reach)
            ]
            if named:
                _at, role = max(named)
                if time not in roles[role][1]:
                    found.append(f"{time} as {role}")
            previous_end = end
    return found


def _role_word(word: str) -> str:
    """The pattern of a role word: ``land*`` any word starting so, ``by`` that whole word."""
    stem = re.escape(fold(word.removesuffix("*")))
    return rf"\b{stem}\w*" if word.endswith("*") else rf"\b{stem}\b"


def backwards_move(text: str, old: str, new: str) -> bool:
    """Whether ``text`` states a change of time from ``old`` to ``new`` (``"13:00"``) the wrong
    way round: ``from NEW to OLD``, ``NEW -> OLD``, ``to OLD from NEW``."""
    folded = fold(text)
    times = clock_times(folded)
    for (start1, end1, first), (start2, _end2, second) in pairwise(times):
        gap = folded[end1:start2].strip()
        if (first, second) == (new, old) and _ONWARD.fullmatch(gap):
            return True
        if (first, second) == (old, new) and gap == "from" and _TO_BEFORE.search(folded[:start1]):
            return True
    return False


def wrong_times(text: str, times: Iterable[str]) -> list[str]:
    """The clock times ``text`` names that are none of ``times`` (``"14:05"``)."""
    allowed = {
        _hhmm(int(hour), int(minute), None) for hour, minute in (t.split(":") for t in times)
    }
    return [t for t in times_named(text) if t not in allowed]


def _hhmm(hour: int, minute: int, half: str | None) -> str | None:
    """``HH:MM`` of a time as written (``half``: "a" or "p" of am/pm), None if it is none."""
    if half is not None:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half == "p" else 0)
    if hour > 24 or minute > 59:
        return None
    return f"{hour % 24:02d}:{minute:02d}"
