"""Personas: people of the task's world who answer the agent's messages (a chat, a mail).

A task's ``seed.json`` header lists them (``personas``): each is a seeded user of a service
that holds conversations (``ServiceSpec.hearing``). A scripted persona answers by rules over
what the agent wrote, in the seed's order, deterministically: the first rule whose words the
message has (``heard``) answers, with its ``reply`` if the message also carries every fact
the rule ``needs`` (else with its ``ask``, what the persona asks back); ``from_turn`` holds a
rule back until the persona's Nth answer (a change of mind later on); ``once`` rules answer
one time. With no rule, ``otherwise`` (None: the persona stays silent). An LLM persona
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
    once: bool = True
    from_turn: int = Field(1, ge=1, description="the persona's answer number it may start at")

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


def scripted_answer(persona: Persona, text: str, turn: int, used: Collection[str]) -> Answer | None:
    """The scripted persona's answer to ``text`` as its ``turn``-th answer, its ``once`` rules
    in ``used`` spent; None when it stays silent."""
    for rule in persona.rules:
        if turn < rule.from_turn or (rule.once and rule.id in used):
            continue
        if rule.heard and not any(mentions(text, phrase) for phrase in rule.heard):
            continue
        if all(mentions(text, fact) for fact in rule.needs):
            return Answer(rule.id, rule.reply)
        return Answer(f"{rule.id}:ask", rule.ask or "")
    return Answer(OTHERWISE, persona.otherwise) if persona.otherwise else None
