"""The live world in a verifier: which seed events fired, and what the agent did after them.

A world event's audit entry says ``via: "world"`` and names the event (``event``); ``attempted``
and ``performed`` leave those entries out, as they are not the agent's. Ask here instead:

    delayed = event_fired("airline", "flight-delayed")           # None if it never fired
    rebooked = after_event("airline", "flight-delayed", performed("airline", "change_booking"))

A misspelt event id is ``UnknownName`` (with the closest ids the seed has), never a check that
silently never passes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from mock_services.core.base.schemas import AuditEntry
from mock_services.core.data.world_marks import WORLD_VIA
from mock_services.verify.audit import audit_log, logged_before
from mock_services.verify.evidence import matched
from mock_services.verify.state import seeded_meta
from mock_services.verify.unknown import UnknownName, closest


def seeded_events(service: str, *, directory: Path | None = None) -> list[str]:
    """The ids of the world events the seed gave ``service``, in the seed's order."""
    stored = seeded_meta(service, "events", directory=directory)
    return [event["id"] for _index, event in json.loads(stored)] if stored else []


def world_entries(
    service: str, event: str | None = None, *, directory: Path | None = None
) -> list[AuditEntry]:
    """The audit entries of the world's events on ``service`` (of ``event`` only, if given),
    oldest first: one per occurrence, refused ones too."""
    if event is not None:
        _check_event(service, event, directory)
    found = [
        entry
        for entry in audit_log(service, directory=directory)
        if entry.via == WORLD_VIA and (event is None or entry.event == event)
    ]
    matched(service, found)
    return found


def event_fired(service: str, event: str, *, directory: Path | None = None) -> AuditEntry | None:
    """The first occurrence of ``event`` (its audit entry), None if it never fired."""
    entries = world_entries(service, event, directory=directory)
    return entries[0] if entries else None


def after_event(
    service: str, event: str, entries: Iterable[AuditEntry], *, directory: Path | None = None
) -> list[AuditEntry]:
    """Those of ``entries`` (of any service) logged after ``event`` first fired: what the agent
    did on the state the event made. None of them if it never fired."""
    fired = event_fired(service, event, directory=directory)
    if fired is None:
        return []
    return [entry for entry in entries if logged_before(fired, entry)]


def before_event(
    service: str, event: str, entries: Iterable[AuditEntry], *, directory: Path | None = None
) -> list[AuditEntry]:
    """Those of ``entries`` logged before ``event`` first fired (all of them if it never
    did): what the agent did on the state before it, which the event may have made stale."""
    fired = event_fired(service, event, directory=directory)
    return [entry for entry in entries if fired is None or not logged_before(fired, entry)]


def _check_event(service: str, event: str, directory: Path | None) -> None:
    known = seeded_events(service, directory=directory)
    if event not in known:
        raise UnknownName(
            f"no world event {event!r} on {service}; the seed gives it "
            f"{', '.join(map(repr, known)) or 'none'}; {closest(event, known)}"
        )
