"""What the agent wrote to someone (a reply, a reason, a note, a brief), checked for what it must
carry and what it must not: the deterministic guard in front of any judge.

    says = ContentRule(
        facts={"the merchant": ("Hotel Adlon",), "the limit": ("250", "two hundred fifty")},
        not_about={"in-policy merchants": ("Lufthansa", "Pret")},
        decision=Decision(said=("reject*", "declin*"), opposite=("approv*", "accept*")),
        source=instruction,
    )
    says.check(reason).check()   # Findings: one problem per missing fact, leak, wrong decision

Every match reads the text as ``normalise.fold`` does (case, accents, look-alike letters and
invisible characters undone) and matches whole words, or word starts for a spelling ending in
``*``: ``approv*`` finds "approved" and "approval", ``Pret`` is not in "pretty", ``250`` not in
``1250``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from itertools import pairwise

from mock_services.verify.amounts import wrong_amounts
from mock_services.verify.expect import Predicate, satisfies
from mock_services.verify.findings import Findings
from mock_services.verify.normalise import fold, number_readings
from mock_services.verify.quantities import Counts
from mock_services.verify.read_facts import At, On, Read, Sum
from mock_services.verify.when import (
    backwards_move,
    contradicting_days,
    misplaced_times,
    stale_times,
    wrong_days,
    wrong_times,
)

COPIED_SHARE = 0.6
"""A text whose words are this share or more of a run of the instruction's is copied."""
COPIED_RUN = 8
"""Words in a row the instruction has that count as copied."""
_WORD = re.compile(r"\w+")


_NEGATIONS = r"(?:\bnot|\bnever|\bnothing|\bnone|\bno longer|n['\u2019]t|\bcannot|\bunable to)"
# a negation right before a phrase, at most one word between ("can't really approve")
_NEGATED = re.compile(rf"{_NEGATIONS}\s+(?:\w+\s+)?$")


# a clause about a time to come right before a phrase, at most three words between ("once the
# fix is live", "as soon as it is released"); the clause ends at a comma or a full stop
_TO_COME = re.compile(
    r"\b(?:once|as soon as|by the time|until|till|after|when)\s+(?:[\w'\u2019]+\s+){0,3}$"
)


def _readings(text: str) -> tuple[str, ...]:
    """The folded text as written and with thousands separators dropped (``1,250``)."""
    return tuple(dict.fromkeys(number_readings(fold(text))[:2]))


def mentions(text: str, spelling: str) -> bool:
    """Whether ``text`` names ``spelling``: as whole words, or as the start of a word for a
    stem ending in ``*`` (``approv*``); a number never as part of a longer one."""
    pattern = _spelling_pattern(spelling)
    return any(pattern.search(reading) for reading in _readings(text))


def affirms(text: str, spelling: str) -> bool:
    """Whether ``text`` names ``spelling`` (as ``mentions`` reads it) at least once not right
    after a negation: "I can't approve this" does not affirm "approve this"."""
    pattern = _spelling_pattern(spelling)
    return any(
        not _NEGATED.search(reading[max(0, found.start() - 40) : found.start()])
        for reading in _readings(text)
        for found in pattern.finditer(reading)
    )


def states(text: str, spelling: str) -> bool:
    """Whether ``text`` states ``spelling`` as so now: affirmed (``affirms``) at least once
    outside a clause about a time to come ("I'll write again once the fix is live" does not
    state that it is live)."""
    pattern = _spelling_pattern(spelling)
    for reading in _readings(text):
        for found in pattern.finditer(reading):
            before = reading[max(0, found.start() - 40) : found.start()]
            if not _NEGATED.search(before) and not _TO_COME.search(before):
                return True
    return False


# where a clause starts: a stop, a comma, a dash, or a joining word ("..., and they will call";
# "I can't attend because it clashes with another meeting"); not "or", which a negation before
# it reaches across ("nothing was cancelled or returned")
_CLAUSE_START = re.compile(
    r"[.!?;:,\n\u2013\u2014]|\s-\s"
    r"|\b(?:and|but|so|while|whereas|because|since|which|who|although|though)\b"
)
_NEGATION = re.compile(rf"{_NEGATIONS}\b")  # anywhere in a clause


def asserts(text: str, spelling: str) -> bool:
    """Whether ``text`` names ``spelling`` (as ``mentions`` reads it) at least once in a clause
    with no negation before it: "they will not be able to call you within the hour" does not
    assert "within the hour"; "no need to call back, they will call within the hour" does."""
    return _named_in_a_clause(text, spelling, _NEGATION)


# a condition before a phrase in its clause: "reply if you need to cancel" asks no cancellation
_NOT_ASKED = re.compile(rf"{_NEGATIONS}\b|\b(?:if|unless|in case|whether|should you)\b")


def demands(text: str, spelling: str) -> bool:
    """Whether ``text`` asks or claims ``spelling`` (a ``forbids`` statement): asserted
    (``asserts``) in a clause with no condition before it either. "Please cancel it if you
    can" asks it; "reply if you need to cancel" and "do not cancel it" do not."""
    return _named_in_a_clause(text, spelling, _NOT_ASKED)


def _named_in_a_clause(text: str, spelling: str, unless: re.Pattern[str]) -> bool:
    """Whether ``text`` names ``spelling`` at least once with nothing ``unless`` finds before
    it in its clause."""
    pattern = _spelling_pattern(spelling)
    for reading in _readings(text):
        for found in pattern.finditer(reading):
            before = reading[: found.start()]
            starts = [m.end() for m in _CLAUSE_START.finditer(before)]
            if not unless.search(before[starts[-1] if starts else 0 :]):
                return True
    return False


# where ``clauses`` cuts: as ``_CLAUSE_START`` and at a bracket, but never at a stop, comma or
# colon between digits ("HDMI 2.1", "1,250", "10:30")
_CLAUSE_CUT = re.compile(
    r"(?<!\d)[.,:]|[.,:](?!\d)|[!?;\n\u2013\u2014()\[\]]|\s-\s"
    r"|\b(?:and|but|so|while|whereas|because|since|which|who|although|though)\b"
)


def clauses(text: str) -> list[str]:
    """``text`` cut where a clause starts (``_CLAUSE_CUT``: a stop, a comma, a dash, a joining
    word, a bracket), each clause stripped, empty ones left out."""
    cuts = [0, *(m.start() for m in _CLAUSE_CUT.finditer(text)), len(text)]
    pieces = (text[a:b].strip(" ,.;:!?()[]\n") for a, b in pairwise(cuts))
    return [piece for piece in pieces if piece]


def said_of(text: str, subjects: Sequence[str], claims: Sequence[str]) -> list[str]:
    """The clauses of ``text`` that name one of ``subjects`` (``mentions``) and assert one of
    ``claims`` (``asserts``): "the earbuds stopped working" says a fault of the earbuds; "the
    earbuds are fine" and "the mug stays in my cart" say none."""
    return [
        clause
        for clause in clauses(text)
        if any(mentions(clause, s) for s in subjects) and any(demands(clause, c) for c in claims)
    ]


def _spelling_pattern(spelling: str) -> re.Pattern[str]:
    stem = spelling.endswith("*")
    wanted = fold(spelling.removesuffix("*")).strip()
    if not wanted:
        raise ValueError(f"spelling {spelling!r}: expected a word or a stem such as 'approv*'")
    end = r"(?![.,]\d)" if stem else r"(?!\w|[.,]\d)"
    return re.compile(rf"(?<![\w.,]){re.escape(wanted)}{end}")


@dataclass(frozen=True)
class Decision:
    """A decision the text must announce: one of ``said`` and none of ``opposite`` (a
    polite decline is no acceptance however it is worded), each read where it is not negated
    ("I can't approve this" announces no approval; "I did not reject it", no rejection), and
    ``opposite`` only where it is stated as so now ("I'll follow up once the fix is live" says
    nothing of it being live)."""

    said: Sequence[str]
    opposite: Sequence[str]

    def opposed(self, text: str) -> list[str]:
        """The opposite decisions ``text`` states as so now: what a note beside the right
        action must not say either ("not really urgent" of an escalated ticket)."""
        return [w for w in self.opposite if states(text, w)]

    def problems(self, text: str) -> list[str]:
        found = self.opposed(text)
        if found:
            return [f"it announces the opposite decision ({', '.join(found)})"]
        if not any(affirms(text, w) for w in self.said):
            return [f"it never states the decision (none of: {', '.join(self.said)})"]
        return []


def _unsaid(text: str, name: str, fact: Sequence[str] | Read) -> str | None:
    """Why ``text`` does not carry ``fact`` (not named at all, or only where it is denied), or
    None when a clause asserts it."""
    read = isinstance(fact, At | On | Sum)
    spellings = fact.spellings(text) if isinstance(fact, At | On | Sum) else list(fact)
    if any(asserts(text, s) for s in spellings):
        return None
    shown = str(fact) if read else " or ".join(spellings)
    if not any(mentions(text, s) for s in spellings):
        return f"it does not say {name} ({shown})"
    return f"it says {name} only to deny it ({shown})"


@dataclass(frozen=True)
class ContentRule:
    """What a text written for someone must carry (``facts``: a name for each fact, with the
    spellings any one of which carries it, or a fact read by what it means (``read_facts``: a
    time, a day, an amount in any form), named in a clause that does not deny it:
    ``asserts``) and must not (``not_about``: facts about other
    people or items), the ``decision`` it announces, and that it is no copy of ``source``
    (the instruction the agent was given)."""

    facts: Mapping[str, Sequence[str] | Read] = field(default_factory=dict)
    not_about: Mapping[str, Sequence[str]] = field(default_factory=dict)
    decision: Decision | None = None
    source: str | None = None
    days: Sequence[date] | None = None
    """The days the text may name (``when``): a weekday or a date of any other is a wrong fact."""
    beside_days: Sequence[date] = ()
    """Other days the text may name, but only in a sentence that also names one of ``days``:
    a withdrawn offer acknowledged ("his Wednesday fell through, so Thursday it is"), never
    given alone ("see you Wednesday")."""
    times: Sequence[str] | None = None
    """The clock times (``"14:05"``) the text may name; any other is a wrong fact."""
    amounts: Sequence[float] | None = None
    """The money amounts the text may name (``amounts``): any other is a wrong fact."""
    moved: tuple[str, str] | None = None
    """(old, new) clock times of a change the text announces: stating it the other way round
    (``from NEW to OLD``) is a wrong fact."""
    stale: Mapping[str, Sequence[str]] | None = None
    """Times that no longer hold -> the times that replaced them: a sentence giving one as if it
    held (with none of its replacements and no word of the past) is a wrong fact."""
    roles: Mapping[str, tuple[Sequence[str], Sequence[str]]] | None = None
    """A role's name -> (its words, its times): a time the text gives in a role ("leaves at
    14:05") that is none of the role's times is a wrong fact."""
    counts: Counts | None = None
    """Counts of items in states ("12 stoves received"): a wrong one is a wrong fact, a required
    one not given a missing fact (``quantities.Counts``)."""
    forbids: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Statements the text must not make (a name for each, with its spellings), read where a
    clause makes them with no negation or condition before (``demands``): a claim of work not
    done ("I have already reset it"), or a request that would undo the action ("please cancel
    this order"). "Please do not cancel it" and "reply if you need to cancel" make neither."""
    forbids_of: Mapping[str, tuple[Sequence[str], Sequence[str]]] = field(default_factory=dict)
    """Statements the text must not make of someone or something: a name for each -> (the
    subjects' spellings, the statement's spellings), read in one clause (``said_of``): "the
    earbuds stopped working" of a return of the cables, "please add the mug" of an order of
    filters; "the earbuds are fine", "the mug stays in my cart" make neither."""

    def check(self, text: str | None, *, what: str = "the text") -> Findings:
        """One problem per fact missing, per forbidden fact present, for a wrong or missing
        decision, and for a copy of the source; a missing text is one problem."""
        if text is None or not text.strip():
            return Findings(what, [f"{what} is missing or empty"])
        problems = [p for name, fact in self.facts.items() if (p := _unsaid(text, name, fact))]
        problems += self._leaks(text)
        if self.decision is not None:
            problems += self.decision.problems(text)
        problems += self._wrong_facts(text)
        if self.counts is not None:
            problems += self.counts.missing(text)
        return Findings(what, problems)

    def contradictions(self, text: str | None, *, what: str = "the text") -> Findings:
        """What a free text written beside an action (an event's description, an order's note,
        a memo, a reason) says against it: the wrong facts ``check`` finds, and the opposite
        decision, but nothing it leaves out; no text at all says nothing wrong."""
        if text is None or not text.strip():
            return Findings(what, [])
        problems = self._leaks(text)
        if self.decision is not None and (opposed := _opposed_beside(self.decision, text)):
            problems.append(f"it states the opposite decision ({', '.join(opposed)})")
        problems += self._wrong_facts(text)
        return Findings(what, problems)

    def agrees(self, what: str) -> Predicate:
        """For ``expect_changes``: a field whose text, if any, ``contradictions`` finds nothing
        in (``"description": rule.agrees("a description true to the booking")``)."""
        return satisfies(what, lambda value: self.contradictions(value).ok)

    def _leaks(self, text: str) -> list[str]:
        """What it says that it must not: facts about others, the ``forbids`` statements and the
        ``forbids_of`` ones."""
        problems = [
            f"it speaks of {name} ({', '.join(s for s in spellings if mentions(text, s))})"
            for name, spellings in self.not_about.items()
            if any(mentions(text, s) for s in spellings)
        ]
        problems += [
            f"it says {name} ({', '.join(s for s in spellings if demands(text, s))})"
            for name, spellings in self.forbids.items()
            if any(demands(text, s) for s in spellings)
        ]
        return problems + [
            f"it says {name} ({'; '.join(said)})"
            for name, (subjects, claims) in self.forbids_of.items()
            if (said := said_of(text, subjects, claims))
        ]

    def _wrong_facts(self, text: str) -> list[str]:
        """Days, times, amounts, counts and changes it gives that are not the situation's, and
        a copy of the source."""
        problems = []
        if self.days is not None and (days := wrong_days(text, [*self.days, *self.beside_days])):
            problems.append(f"it names a day that is not the one meant ({', '.join(days)})")
        if self.days is not None and self.beside_days:
            problems += [
                f"it gives another day than the one meant ({found})"
                for found in contradicting_days(text, self.days)
            ]
        if self.times is not None and (times := wrong_times(text, self.times)):
            problems.append(f"it names a time that is none of the situation's ({', '.join(times)})")
        if self.amounts is not None and (amounts := wrong_amounts(text, self.amounts)):
            shown = ", ".join(f"{a:g}" for a in amounts)
            problems.append(f"it names an amount that is none of the situation's ({shown})")
        if self.stale is not None and (held := stale_times(text, self.stale)):
            problems.append(f"it gives a time that no longer holds as current ({'; '.join(held)})")
        if self.roles is not None and (misplaced := misplaced_times(text, self.roles)):
            problems.append(f"it gives a time in a role that is not its ({', '.join(misplaced)})")
        if self.counts is not None:
            problems += self.counts.wrong(text)
        if self.moved is not None and backwards_move(text, *self.moved):
            old, new = self.moved
            problems.append(f"it states the change backwards (from {new} to {old})")
        if self.source is not None and copied(text, self.source):
            problems.append("it copies the instruction instead of answering it")
        return problems


def _opposed_beside(decision: Decision, text: str) -> list[str]:
    """The opposite decisions a text beside the action states (``Decision.opposed``) and
    asks, outside a condition (``demands``): "reply if you need to cancel" in the
    description of a booked call offers a change, it decides none."""
    return [w for w in decision.opposed(text) if demands(text, w)]


def copied(text: str, source: str) -> bool:
    """Whether most of ``text`` is runs of ``COPIED_RUN`` or more words in a row taken from
    ``source`` (quoting a phrase or two is fine)."""
    words = _WORD.findall(fold(text))
    if not words:
        return False
    runs = {
        tuple(source_words[i : i + COPIED_RUN])
        for source_words in [_WORD.findall(fold(source))]
        for i in range(len(source_words) - COPIED_RUN + 1)
    }
    covered = [False] * len(words)
    for i in range(len(words) - COPIED_RUN + 1):
        if tuple(words[i : i + COPIED_RUN]) in runs:
            covered[i : i + COPIED_RUN] = [True] * COPIED_RUN
    return sum(covered) / len(words) >= COPIED_SHARE
