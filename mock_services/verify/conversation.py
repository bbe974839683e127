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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from mock_services.chat.schemas import SearchQuery
from mock_services.chat.search_syntax import Terms
from mock_services.chat.search_syntax import terms as chat_search_terms
from mock_services.core.base.errors import ValidationFailed
from mock_services.core.base.schemas import AuditEntry
from mock_services.core.web.persona_model import endpoint
from mock_services.email import search_syntax
from mock_services.verify.audit import answered_before, logged_before, reads
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


PAGING = frozenset({"page", "per_page"})
"""Query fields that only page a listing: its first page, unfiltered, shows the newest."""


def _first_page(query: Mapping[str, Any], also: frozenset[str] = frozenset()) -> bool:
    """Whether a listing read with ``query`` showed its newest items: no filter but paging
    (and ``also``), on its first page."""
    return set(query) <= PAGING | also and str(query.get("page", "1")) == "1"


def _chat_shows(read: AuditEntry, row: Mapping[str, Any], author: str | None) -> bool:
    named, query = _named(read)
    if read.operation == "get_message":
        return named.get("message_id") == str(row["id"])
    if read.operation == "list_replies":  # a whole thread, from its start or any reply
        return named.get("message_id") in (str(row["id"]), str(row.get("thread_parent_id")))
    if read.operation == "list_messages":  # a conversation's messages, not its threads
        return (
            row.get("thread_parent_id") is None
            and named.get("conversation_id") == str(row["conversation_id"])
            and _first_page(query)
        )
    if read.operation == "search_messages":  # words, each in the answer; its author's only
        found = chat_search_terms(SearchQuery.model_validate(query))
        by = (found.from_user or "").lstrip("@").casefold()
        unfiltered = found == Terms(words=found.words, from_user=found.from_user)
        if not unfiltered or by not in ("", author) or str(query.get("page", "1")) != "1":
            return False
        text = str(row.get("text", "")).casefold()
        return bool(found.words or by) and all(w.casefold() in text for w in found.words)
    return False


def _email_shows(read: AuditEntry, row: Mapping[str, Any], _author: str | None) -> bool:
    named, query = _named(read)
    if read.operation == "get_message":
        return named.get("message_id") == str(row["id"])
    if read.operation == "get_thread":
        return named.get("thread_id") == str(row["thread_id"])
    if read.operation == "list_messages":  # the inbox's newest or a search: its snippet
        inbox = query.get("folder") in (None, "inbox") and query.get("sort") in (None, "newest")
        listed = _first_page(query, frozenset({"folder", "sort", "q", "from"}))
        return inbox and listed and _mail_search_finds(read, query, row)
    return False


def _mail_search_finds(read: AuditEntry, query: Mapping[str, Any], row: Mapping[str, Any]) -> bool:
    """Whether the mailbox search of ``query`` finds the mail, as the service searches: its
    text is one phrase in the subject, body, sender or recipients, ``from`` is in the sender,
    and the web page reads Gmail's operators first (``search_syntax``). Any other operator is
    taken to miss it."""
    text, sender = str(query.get("q") or ""), query.get("from")
    if read.via == "ui":
        try:
            parsed = search_syntax.parse(text, ZoneInfo("UTC"))  # dates are refused below
        except ValidationFailed:
            return False
        if set(parsed.used) - {"from", "in"} or parsed.folder not in (None, "inbox"):
            return False
        text, sender = parsed.words, parsed.sender or sender
    phrase = text.strip().casefold()
    searched = ("subject", "body", "from_address", "from_name", "to_addresses", "cc_addresses")
    fields = [str(row.get(name) or "").casefold() for name in searched]
    senders = fields[2:4]
    found = not phrase or any(phrase in field for field in fields)
    return found and (not sender or any(str(sender).casefold() in who for who in senders))


def _named(read: AuditEntry) -> tuple[dict[str, str], dict[str, Any]]:
    """A read's path parameters as text, and its query (a logged read's body)."""
    named = {key: str(value) for key, value in (read.params or {}).items()}
    return named, read.body if isinstance(read.body, dict) else {}


ShowsAnswer = Callable[[AuditEntry, Mapping[str, Any], str | None], bool]
"""Whether a logged read showed a message row (its author's username given)."""

ANSWER_SHOWN_BY: dict[str, tuple[tuple[str, ...], ShowsAnswer]] = {
    "chat": (("get_message", "list_replies", "list_messages", "search_messages"), _chat_shows),
    "email": (("get_message", "get_thread", "list_messages"), _email_shows),
}
"""On the services personas speak on: the reads that may show an answer (a message row it
added), and whether one did. A listing counts when its first page shows it (a mail by its
snippet), unfiltered or searched by words that are all in it."""


def answer_seen(
    service: str, answer: AuditEntry, *, directory: Path | None = None
) -> list[AuditEntry]:
    """The agent's answered reads after the persona's ``answer`` that showed it (its message,
    its thread, its conversation's newest messages, a search that finds it, the inbox's newest
    by its snippet), oldest first, by any channel: what told the agent what was said."""
    if service not in ANSWER_SHOWN_BY:
        raise UnknownName(f"no persona answers on {service}; {closest(service, ANSWER_SHOWN_BY)}")
    operations, shows = ANSWER_SHOWN_BY[service]
    author = (answer.username or "").casefold() or None
    rows = [
        change.after
        for change in answer.changes
        if change.table == "messages" and change.action == "insert" and change.after
    ]
    return [
        read
        for read in reads(service, *operations, directory=directory)
        if logged_before(answer, read) and any(shows(read, row, author) for row in rows)
    ]


def acted_unread(
    service: str,
    answer: AuditEntry,
    acts: list[AuditEntry],
    *,
    directory: Path | None = None,
) -> list[AuditEntry]:
    """Those of ``acts`` (entries of any service) sent before any read that showed ``answer``
    was answered (``answer_seen``, ``answered_before``): acting on a guess timed after the
    answer, or sent beside its read without waiting for it, not on what it said."""
    seen = answer_seen(service, answer, directory=directory)
    return [act for act in acts if not any(answered_before(read, act) for read in seen)]
