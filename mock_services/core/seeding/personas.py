"""Personas: people of the task's world who answer the agent's messages (a chat, a mail).

A task's ``seed.json`` header lists them (``personas``): each is a seeded user of a service
that holds conversations (``ServiceSpec.hearing``). A scripted persona answers by rules over
what the agent wrote, in the seed's order, deterministically: the first rule whose words the
message has (``heard``) answers, if the message asks something (``asks``: unless the rule's
``question`` is false: a thank-you, a change of mind; a ``statement`` rule answers only a
message that asks nothing, and hears only its words that are not negated), with its ``reply``
if the message also carries every fact the rule ``needs`` (else with its ``ask``, what the
persona asks back); ``from_turn`` holds a rule back until the persona's Nth answer and
``after_rule`` until it has answered by another rule (a change of mind later on, once it said
what it changes); ``once`` rules answer one time. With no rule, ``otherwise`` (None: the
persona stays silent). An LLM persona (``llm``) answers through an OpenAI-compatible endpoint
instead.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from pydantic import Field, model_validator

from mock_services.core.seeding.seed_types import SeedModel

_ID = r"^[a-z0-9][a-z0-9_-]{0,63}$"


class PersonaRule(SeedModel):
    """One answer of a scripted persona, and when it is given."""

    id: str = Field(pattern=_ID)
    heard: list[str] = Field(
        [],
        description="words or phrases; the message must have one (none: any message), in a "
        "sentence that asks for a question rule (the question is about them)",
    )
    needs: list[str] = Field([], description="facts the message must carry, all of them")
    ask: str | None = Field(None, description="the answer when a fact it needs is missing")
    reply: str = Field(min_length=1)
    question: bool = Field(
        True,
        description="answer only a message that asks something (a sentence that ends with a "
        "question mark or opens with a question word, outside brackets, in a message that "
        "announces nothing done or decided); false: any message with its words",
    )
    statement: bool = Field(
        False,
        description="answer only a message that asks nothing, hearing only its words that are "
        "not negated ('not booked yet' has no 'booked'): a closing thank-you, a change of mind "
        "that waits for a confirmation; needs question false",
    )
    once: bool = True
    from_turn: int = Field(1, ge=1, description="the persona's answer number it may start at")
    after_rule: str | None = Field(
        None, description="answer only once the persona has answered by this rule"
    )

    @model_validator(mode="after")
    def _ask_needs_facts(self) -> PersonaRule:
        if self.needs and self.ask is None:
            raise ValueError("a rule that needs facts says what the persona asks without them")
        if self.statement and self.question:
            raise ValueError(
                f"rule {self.id!r}: a statement rule answers only messages that ask nothing, "
                "so its question must be false"
            )
        return self


class LlmPersona(SeedModel):
    """A persona played by a language model: who it is, and what it knows and may tell."""

    prompt: str = Field(min_length=1)
    facts: list[str] = []


class Persona(SeedModel):
    """Someone the agent can talk to, as a seeded user of a service that holds conversations."""

    id: str = Field(pattern=_ID)
    service: str = Field(min_length=1)
    user: str = Field(min_length=1, description="the seeded user who answers")
    rules: list[PersonaRule] = []
    otherwise: str | None = "Sorry, I'm not sure what you need from me. Could you say it again?"
    llm: LlmPersona | None = None

    @model_validator(mode="after")
    def _scripted_or_llm(self) -> Persona:
        if self.llm is not None and self.rules:
            raise ValueError(
                "a persona is scripted ('rules') or played by a model ('llm'), not both"
            )
        ids = [rule.id for rule in self.rules]
        if len(set(ids)) != len(ids):
            raise ValueError(f"rule ids repeat: {sorted(i for i in ids if ids.count(i) > 1)}")
        for rule in self.rules:
            if rule.after_rule is not None and rule.after_rule not in ids:
                raise ValueError(
                    f"rule {rule.id!r}: after_rule {rule.after_rule!r} is no rule of this persona; "
                    f"its rules are {', '.join(map(repr, ids))}"
                )
        return self


class Personas(SeedModel):
    """A seed header's ``personas``."""

    personas: list[Persona]

    @model_validator(mode="after")
    def _ids_unique(self) -> Personas:
        ids = [persona.id for persona in self.personas]
        if len(set(ids)) != len(ids):
            raise ValueError(f"persona ids repeat: {sorted(i for i in ids if ids.count(i) > 1)}")
        return self


@dataclass(frozen=True)
class Answer:
    """What a persona says, and which of its rules said it (``otherwise``, ``llm``)."""

    rule: str
    text: str


OTHERWISE, MODEL = "otherwise", "llm"


def mentions(text: str, phrase: str) -> bool:
    """Whether ``text`` has ``phrase`` as whole words, case and spacing aside."""
    words = r"\s+".join(re.escape(word) for word in phrase.lower().split())
    return re.search(rf"(?<!\w){words}(?!\w)", text.lower()) is not None


_NEGATED = re.compile(r"(?:\bnot|\bno|n't|\bnever|\bnothing|\byet to)\s+(?:\w+\s+){0,2}$")


def affirms(text: str, phrase: str) -> bool:
    """Whether ``text`` has ``phrase`` as whole words somewhere it is not negated ("nothing
    booked yet", "I haven't booked it" do not affirm "booked")."""
    words = r"\s+".join(re.escape(word) for word in phrase.lower().split())
    lowered = text.lower()
    return any(
        not _NEGATED.search(lowered[max(0, m.start() - 40) : m.start()])
        for m in re.finditer(rf"(?<!\w){words}(?!\w)", lowered)
    )


_ASIDE = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_SENTENCE = re.compile(r"[^.!?;\n]+[.!?;]*")
_WH = r"who|whom|whose|what|when|where|which|why|how"
_AUX = r"could|can|would|will|is|are|do|does|did|shall|should|may|have|has|am"
_SUBJECT = (
    r"you|we|i|it|that|this|there|they|he|she|the|your|our|my|these|those|someone|anyone|one"
    r"|everything|anything"
)
_OPENS_ASKING = re.compile(
    rf"^\W*(?:(?:so|and|but|also|sorry|ok|okay)\b[\s,]*)*"
    rf"(?:(?:{_WH})\b|(?:{_AUX})(?:n't)?\s+(?:{_SUBJECT})\b)",
    re.IGNORECASE,
)
_DONE_WORDS = r"sorted|booked|done|scheduled|ordered|placed|arranged|confirmed"
_DEEDS = rf"{_DONE_WORDS}|moved|rebooked|changed|updated|gone ahead"
# what a sentence says when it announces a thing done or decided rather than asks about it: it
# opens with the deed ("All sorted: ...", "Booked: ..."), says it holds now ("I've booked",
# "it's all set"), says it was just done ("I booked", not "we booked it last time"), takes it
# on ("On it", "I'll sort it") or closes the conversation ("no need to reply")
_DONE = re.compile(
    rf"^\W*(?:all\s+)?(?:{_DONE_WORDS})\b"
    rf"|\b(?:i've|i have|we've|we have|it's|it is|that's|that is|everything's|everything is"
    rf"|all)\s+(?:now\s+|just\s+|already\s+)?(?:all\s+)?(?:{_DEEDS}|taken care of)\b"
    r"|^\W*(?:on it|will do)\b|\bi(?:'ll| will) (?:sort|take care of|handle) (?:it|this|that)\b"
    r"|\bno need to (?:reply|answer|get back)|\ball set\b"
    r"|\b(?:it's|it is|that's|that is|everything's|everything is)\s+(?:now\s+)?set\b",
    re.IGNORECASE,
)
_UNDONE = re.compile(rf"\b(?:{_DEEDS})\s+(?:nothing|anything|none|not yet)\b", re.IGNORECASE)
_JUST_DONE = re.compile(
    rf"\b(?:i|we)\s+(?:now\s+|just\s+|already\s+)?(?:{_DEEDS}|went ahead|went with)\b",
    re.IGNORECASE,
)
_PAST = re.compile(r"\b(?:last|before|previous\w*|earlier|ago|usually|in the past)\b", re.I)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(_ASIDE.sub(" ", text)) if s.strip()]


def _asking(sentence: str) -> bool:
    """A sentence asks when it ends with a question mark or opens (or goes on after a colon)
    with a question word: a "wh" word, or a verb before its subject ("Could you tell me")."""
    return sentence.endswith("?") or any(
        _OPENS_ASKING.search(part) for part in re.split(r":\s", sentence)
    )


def _announces(sentence: str) -> bool:
    if _UNDONE.search(sentence):  # "I've booked nothing yet"
        return False
    return _DONE.search(sentence) is not None or (
        _JUST_DONE.search(sentence) is not None and _PAST.search(sentence) is None
    )


def announces(text: str) -> bool:
    """Whether ``text`` announces something done or decided ("All sorted: ...", "I've booked
    ...", "On it", "no need to reply") in a sentence that is not itself a question."""
    return any(not _asking(s) and _announces(s) for s in _sentences(text))


def questions(text: str) -> list[str]:
    """The sentences of ``text`` that really ask something: each ends with a question mark or
    opens with a question word ("Which room do you mean", "Could you tell me the time"),
    outside brackets (an aside such as "(ok?)" asks nothing); none when the message announces
    something done or decided (a report with a question tacked on is a report)."""
    asking = [sentence for sentence in _sentences(text) if _asking(sentence)]
    return asking if asking and not announces(text) else []


_QUOTED_LINE = re.compile(r"^\s*>")
_WROTE_LINE = re.compile(r"^\s*On .+ wrote:\s*$")
_FORWARDED = re.compile(r"^\s*-{3,}\s*Forwarded message\s*-{3,}\s*$", re.MULTILINE | re.IGNORECASE)
_FORWARD_HEADER = re.compile(r"^(From|Date|Subject|To|Cc):")


def own_words(text: str, original: Collection[str] | None = None) -> str:
    """What the sender of ``text`` wrote themselves: without the lines quoted with ``>``, the
    "On ..., X wrote:" line above a quote, and a forwarded message below its marker (a person
    quoted back does not hear their own question asked). Given the ``original`` lines (stripped)
    of the mail answered, only a true copy is left out: a quote or forward with any line that
    is not the original's is read as the sender's own words (nothing hides in a made-up quote)."""
    lines = text.replace("\r\n", "\n").split("\n")
    forwarded = next((i for i, line in enumerate(lines) if _FORWARDED.match(line)), None)
    if forwarded is not None:
        carried = [line.strip() for line in lines[forwarded + 1 :]]
        if original is None or all(
            c in original for c in carried if c and not _FORWARD_HEADER.match(c)
        ):
            lines = lines[:forwarded]
    quoted = [line.strip().lstrip(">").strip() for line in lines if _QUOTED_LINE.match(line)]
    if original is not None and not all(q in original for q in quoted if q):
        return "\n".join(lines)
    return "\n".join(
        line for line in lines if not _QUOTED_LINE.match(line) and not _WROTE_LINE.match(line)
    )


def scripted_answer(
    persona: Persona, text: str, turn: int, answered: Collection[str]
) -> Answer | None:
    """The scripted persona's answer to ``text`` as its ``turn``-th answer, having answered by
    the rules in ``answered`` (its ``once`` rules among them are spent); None when it stays
    silent."""
    text = own_words(text)
    asked = questions(text)
    for rule in persona.rules:
        if turn < rule.from_turn or (rule.once and rule.id in answered):
            continue
        if rule.after_rule is not None and rule.after_rule not in answered:
            continue
        if (rule.question and not asked) or (rule.statement and asked):
            continue
        # a question rule hears its words in what is asked: "Questions? ... the usual room"
        # asks nothing about the room
        heard = affirms if rule.statement else mentions
        said = asked if rule.question else [text]
        if rule.heard and not any(heard(s, phrase) for s in said for phrase in rule.heard):
            continue
        if all(mentions(text, fact) for fact in rule.needs):
            return Answer(rule.id, rule.reply)
        return Answer(f"{rule.id}:ask", rule.ask or "")
    return Answer(OTHERWISE, persona.otherwise) if persona.otherwise else None
