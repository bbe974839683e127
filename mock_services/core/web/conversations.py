"""Personas answering the agent: who a message of the agent's reached (the service's
``Hearing``, over the rows the message wrote), and what each persona says back (its rules, or
its model). A persona's answer is a request of the world, logged ``via: world`` with the event
``<persona>/<rule>``; its turns and spent rules are world marks every worker shares, and each
message that reached it is kept (``_persona_turns``: what the agent said to whom)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from mock_services.core.data.audit import Change
from mock_services.core.data.transaction import Transaction
from mock_services.core.data.world_marks import READ_FIRED, READ_MARKS
from mock_services.core.seeding.personas import Answer, Persona, scripted_answer
from mock_services.core.spec.hearing import Hearing, WorldCall
from mock_services.core.web.persona_model import model_answer

if TYPE_CHECKING:
    from mock_services.core.web.runtime import Runtime

_CHANGES = "SELECT changes FROM _audit_requests WHERE id = ?"
_SET_MARK = (
    "INSERT INTO _world_marks (name, value) VALUES (?, ?) "
    "ON CONFLICT (name) DO UPDATE SET value = excluded.value"
)
_RECORD_TURN = (
    "INSERT INTO _persona_turns (persona, request_id, heard, rule, said) VALUES (?, ?, ?, ?, ?)"
)
_TURNS = "SELECT heard, said FROM _persona_turns WHERE persona = ? ORDER BY id"
PersonaCall = tuple[Persona, tuple[str, int], WorldCall]
"""A persona, its answer's event (``<persona>/<rule>``, occurrence), and the answer's request."""


def turns_mark(persona: Persona) -> str:
    return f"persona:{persona.id}:turns"


def used_mark(persona: Persona, rule: str) -> str:
    return f"persona:{persona.id}:used:{rule}"


def answer_heard(
    runtime: Runtime, personas: list[Persona], hearing: Hearing, request_id: int
) -> list[PersonaCall]:
    """The answers of every persona the agent's request ``request_id`` reached, their turns
    counted (in one write transaction: a message is answered once)."""
    by_user = {persona.user: persona for persona in personas}
    answers: list[PersonaCall] = []
    with runtime.transaction(write=True) as tx:
        changes = request_changes(tx, request_id)
        heard = [h for h in hearing.heard(tx, changes) if h.to in by_user]
        if not heard:
            return []
        marks = {row[0]: row[1] for row in tx.all(READ_MARKS)}
        fired = {row[0]: row[1] for row in tx.all(READ_FIRED)}
        for message in heard:
            persona = by_user[message.to]
            turn = marks.get(turns_mark(persona), 0) + 1
            used = {rule for rule in _rules(persona) if marks.get(used_mark(persona, rule))}
            answer = _answer(tx, persona, message.text, turn, used)
            tx.raw.execute(
                _RECORD_TURN,
                (
                    persona.id,
                    request_id,
                    message.text,
                    answer.rule if answer else None,
                    answer.text if answer else None,
                ),
            )
            if answer is None:
                continue
            marks[turns_mark(persona)] = turn
            tx.raw.execute(_SET_MARK, (turns_mark(persona), turn))
            if answer.rule in _rules(persona):  # answered by it: once rules are spent
                marks[used_mark(persona, answer.rule)] = 1
                tx.raw.execute(_SET_MARK, (used_mark(persona, answer.rule), 1))
            event = f"{persona.id}/{answer.rule}"
            fired[event] = fired.get(event, 0) + 1
            answers.append((persona, (event, fired[event]), message.answer(answer.text)))
        tx.commit()
    return answers


def request_changes(tx: Transaction, request_id: int) -> list[Change]:
    """The rows the audited request ``request_id`` changed, in order (what a hearing reads)."""
    row = tx.one(_CHANGES, (request_id,))
    stored = row[0] if row is not None else None
    return [tuple(change) for change in json.loads(stored)] if stored else []


def _answer(
    tx: Transaction, persona: Persona, text: str, turn: int, used: set[str]
) -> Answer | None:
    """A model persona answers with the conversation so far (what it heard and said, in
    order); a scripted one by its rules, from the message, its turn and its spent rules."""
    if persona.llm is not None:
        history = [(row[0], row[1]) for row in tx.all(_TURNS, (persona.id,))]
        return model_answer(persona, text, history)
    return scripted_answer(persona, text, turn, used)


def _rules(persona: Persona) -> list[str]:
    return [rule.id for rule in persona.rules]
