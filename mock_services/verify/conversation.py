"""The conversations of a live world in a verifier: what the task's personas answered the
agent, and so what the agent asked them.

A persona's answer is a world entry of the audit log whose ``event`` is ``<persona>/<rule>``
(``<rule>:ask`` when the persona asked back for a fact, ``otherwise`` when no rule matched,
``llm`` for a model persona). Whether the agent asked before it acted:

    asked = persona_answered("email", "tom", "availability")     # None: never asked right
    booked = performed("calendar", "create_event")
    ok = asked is not None and all(logged_before(asked, b) for b in booked)

A misspelt persona or rule is ``UnknownName``, never a check that silently never passes. A
model persona read where the judge's endpoint is not configured (``JUDGE_BASE_URL`` and
``JUDGE_API_KEY``, the same variables the services read) is ``PersonaNotPlayed``: it stayed
silent in the run, so the run is not scored, never a 0 (``require_persona_endpoint`` says so
up front).

Whether the agent read the answer before it acted (the seed of the persona's service must log
reads, ``audit_reads``): ``answer_seen(service, asked)`` gives the agent's reads after the
answer that showed it, by any channel, and ``acted_unread(service, asked, booked)`` the acts
that none of them came before.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mock_services.core.base.schemas import AuditEntry
from mock_services.core.web.persona_model import endpoint
from mock_services.verify.audit import logged_before, reads
from mock_services.verify.reward import NotScorable
from mock_services.verify.state import connect_read_only, db_path, seeded_meta
from mock_services.verify.unknown import UnknownName, closest
from mock_services.verify.world import world_entries


@dataclass(frozen=True)
class PersonaAnswer:
    """One answer of a persona: the rule that gave it, and its audit entry (body: the text)."""

    rule: str
    entry: AuditEntry


class PersonaNotPlayed(NotScorable):
    """A model persona of the task where no judge endpoint is configured: it could not answer
    the agent, so the run cannot be scored here."""


def _seeded(service: str, directory: Path | None) -> list[dict[str, Any]]:
    stored = seeded_meta(service, "personas", directory=directory)
    return [persona for _index, persona in json.loads(stored)] if stored else []


def seeded_personas(service: str, *, directory: Path | None = None) -> dict[str, list[str]]:
    """The personas the seed gave ``service``, each with its rule ids."""
    personas = _seeded(service, directory)
    return {p["id"]: [rule["id"] for rule in p.get("rules", [])] for p in personas}


def model_personas(service: str, *, directory: Path | None = None) -> list[str]:
    """The personas of ``service`` a model plays (``llm``)."""
    return [p["id"] for p in _seeded(service, directory) if p.get("llm")]


def require_persona_endpoint(service: str, *, directory: Path | None = None) -> None:
    """``PersonaNotPlayed`` when ``service`` has a model persona and the judge's endpoint is not
    configured here (the run is then not scored)."""
    played = model_personas(service, directory=directory)
    if played and endpoint() is None:
        raise PersonaNotPlayed(
            f"persona {played[0]!r} on {service} is played by a model and no judge endpoint "
            "is configured (JUDGE_BASE_URL, JUDGE_API_KEY): not runnable here"
        )


def persona_answers(
    service: str, persona: str, *, directory: Path | None = None
) -> list[PersonaAnswer]:
    """Every answer ``persona`` gave the agent on ``service``, oldest first."""
    _check(service, persona, None, directory)
    if persona in model_personas(service, directory=directory):
        require_persona_endpoint(service, directory=directory)
    prefix = f"{persona}/"
    return [
        PersonaAnswer(entry.event.removeprefix(prefix), entry)
        for entry in world_entries(service, directory=directory)
        if entry.event is not None and entry.event.startswith(prefix)
    ]


def persona_answered(
    service: str, persona: str, rule: str, *, directory: Path | None = None
) -> AuditEntry | None:
    """The first answer of ``persona`` by ``rule`` (the agent asked what the rule hears, with
    every fact it needs), None if it never answered so."""
    _check(service, persona, rule, directory)
    found = [
        a.entry for a in persona_answers(service, persona, directory=directory) if a.rule == rule
    ]
    return found[0] if found else None


@dataclass(frozen=True)
class SaidTo:
    """A message of the agent's that reached a persona: its text, the agent's audit entry id
    that carried it, and the rule the persona answered by (None: it stayed silent)."""

    text: str
    request_id: int
    rule: str | None


def said_to(service: str, persona: str, *, directory: Path | None = None) -> list[SaidTo]:
    """Everything the agent said to ``persona`` on ``service``, oldest first: what it asked,
    and what it revealed."""
    _check(service, persona, None, directory)
    conn = connect_read_only(db_path(service, directory=directory))
    try:
        rows = conn.execute(
            "SELECT heard, request_id, rule FROM _persona_turns WHERE persona = ? ORDER BY id",
            (persona,),
        ).fetchall()
    finally:
        conn.close()
    return [SaidTo(text, request_id, rule) for text, request_id, rule in rows]


def _check(service: str, persona: str, rule: str | None, directory: Path | None) -> None:
    personas = seeded_personas(service, directory=directory)
    if persona not in personas:
        raise UnknownName(f"no persona {persona!r} on {service}; {closest(persona, personas)}")
    rules = personas[persona]
    if rule is not None and rule.removesuffix(":ask") not in rules:
        raise UnknownName(f"persona {persona!r} has no rule {rule!r}; {closest(rule, rules)}")


@dataclass(frozen=True)
class ShownBy:
    """A read that shows a message row: the operation, and the answer row's columns its path
    parameter may name (None: it shows the row whatever it names, such as a listing of the
    mailbox); ``top_level`` ones show a chat message only outside a thread."""

    read: str
    param: str | None = None
    columns: tuple[str, ...] = ()
    top_level: bool = False


ANSWER_SHOWN_BY: dict[str, tuple[ShownBy, ...]] = {
    "chat": (
        ShownBy("get_message", "message_id", ("id",)),
        ShownBy("list_replies", "message_id", ("id", "thread_parent_id")),  # a whole thread
        ShownBy("list_messages", "conversation_id", ("conversation_id",), top_level=True),
        ShownBy("search_messages"),
    ),
    "email": (
        ShownBy("get_message", "message_id", ("id",)),
        ShownBy("get_thread", "thread_id", ("thread_id",)),
        ShownBy("list_messages"),  # a listing shows each mail's snippet
    ),
}
"""The reads that show a persona's answer (a message row it added) on the services personas
speak on; a web page counts as the first read it shows."""


def answer_seen(
    service: str, answer: AuditEntry, *, directory: Path | None = None
) -> list[AuditEntry]:
    """The agent's answered reads after the persona's ``answer`` that showed it (its message
    by id, its thread, its conversation, a search or a listing of the mailbox), oldest first:
    what could have told the agent what the persona said."""
    ways = ANSWER_SHOWN_BY.get(service)
    if ways is None:
        raise UnknownName(f"no persona answers on {service}; {closest(service, ANSWER_SHOWN_BY)}")
    rows = [
        change.after
        for change in answer.changes
        if change.table == "messages" and change.action == "insert" and change.after
    ]
    return [
        entry
        for entry in reads(service, *dict.fromkeys(w.read for w in ways), directory=directory)
        if logged_before(answer, entry) and any(_shows(w, entry, rows) for w in ways)
    ]


def acted_unread(
    service: str,
    answer: AuditEntry,
    acts: list[AuditEntry],
    *,
    directory: Path | None = None,
) -> list[AuditEntry]:
    """Those of ``acts`` (entries of any service) that no read showing ``answer`` came before
    (``answer_seen``): acting on a guess timed after the answer, not on what it said."""
    seen = answer_seen(service, answer, directory=directory)
    return [act for act in acts if not any(logged_before(read, act) for read in seen)]


def _shows(way: ShownBy, entry: AuditEntry, rows: list[dict[str, Any]]) -> bool:
    if way.read != entry.operation:
        return False
    if way.param is None:
        return True
    named = str((entry.params or {}).get(way.param))
    return any(
        named == str(row.get(column))
        for row in rows
        if not (way.top_level and row.get("thread_parent_id") is not None)
        for column in way.columns
    )
