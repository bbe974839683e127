"""Personas: people of the task's world who answer the agent's messages (a chat, a mail).

A task's ``seed.json`` header lists them (``personas``): each is a seeded user of a service
that holds conversations (``ServiceSpec.hearing``). A scripted persona answers by rules over
what the agent wrote, in the seed's order, deterministically: the first rule whose words the
message has (``heard``) answers, if the message asks something (unless the rule's ``question``
is false: a thank-you, a change of mind), with its ``reply`` if the message also carries every
fact the rule ``needs`` (else with its ``ask``, what the persona asks back); ``from_turn``
holds a rule back until the persona's Nth answer and ``after_rule`` until it has answered by
another rule (a change of mind later on, once it said what it changes); ``once`` rules
answer one time. With no rule, ``otherwise`` (None: the persona stays silent). An LLM persona
(``llm``) answers through an OpenAI-compatible endpoint instead.
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
        [], description="words or phrases; the message must have one (none: any message)"
    )
    needs: list[str] = Field([], description="facts the message must carry, all of them")
    ask: str | None = Field(None, description="the answer when a fact it needs is missing")
    reply: str = Field(min_length=1)
    question: bool = Field(
        True,
        description="answer only a message that asks something (a question mark, or a "
        "sentence that opens with a question word); false: any message with its words (a "
        "thank-you, a change of mind on a later turn)",
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


_QUESTION = re.compile(
    r"\?|(?:^|[.!;:\n])\s*(?:who|what|when|where|which|why|how|could|can|would|will|is|are|do"
    r"|does|did|shall|should|may)\b",
    re.IGNORECASE,
)


def asks(text: str) -> bool:
    """Whether ``text`` asks something: a question mark, or a sentence opening with a question
    word ("Which room do you mean", "Could you tell me the time")."""
    return _QUESTION.search(text) is not None


def scripted_answer(
    persona: Persona, text: str, turn: int, answered: Collection[str]
) -> Answer | None:
    """The scripted persona's answer to ``text`` as its ``turn``-th answer, having answered by
    the rules in ``answered`` (its ``once`` rules among them are spent); None when it stays
    silent."""
    question = asks(text)
    for rule in persona.rules:
        if turn < rule.from_turn or (rule.once and rule.id in answered):
            continue
        if rule.after_rule is not None and rule.after_rule not in answered:
            continue
        if rule.question and not question:
            continue
        if rule.heard and not any(mentions(text, phrase) for phrase in rule.heard):
            continue
        if all(mentions(text, fact) for fact in rule.needs):
            return Answer(rule.id, rule.reply)
        return Answer(f"{rule.id}:ask", rule.ask or "")
    return Answer(OTHERWISE, persona.otherwise) if persona.otherwise else None
