#!/usr/bin/env python3
"""Step "respond" of invitation-triage.

Every pending invitation answered by the calendar, by availability: accepted where it fits
Alice's busy time (time marked free does not count), declined where it clashes; the invitation
she had already answered left alone; nothing else in the calendar changed, field by field, and
no event created, moved, cancelled or hidden on the way (audit log). Every checkpoint is a goal:
this step gates the trial (``min_reward = 0.5``), so any miss stops it below 0.5, under the 0.5
that a right triage followed by any notice earns.
"""

from functools import cache

from mock_services.verify import (
    ANY,
    AuditEntry,
    Changed,
    Verifier,
    all_calls_as,
    attempted,
    check_operations,
    expect_changes,
    never_performed,
    one_of,
    performed,
    query,
)

verifier = Verifier("invitation-triage/respond")

# event id -> whether it clashes with Alice's own busy time (ids pinned by the seed); 12
# overlaps only time marked free
EXPECTED_CLASH = {10: False, 11: True, 12: False, 13: True}


def answer_for(clash: bool) -> str:
    return "declined" if clash else "accepted"


def answered(answer: str) -> list[int]:
    """The invitations that should end with ``answer``."""
    return [e for e, clash in EXPECTED_CLASH.items() if answer_for(clash) == answer]


ANSWERED = 14  # "Team retro", accepted in the seed
# what the instruction forbids, even when undone before the end, through any channel
FORBIDDEN = (
    "create_event",
    "update_event",
    "delete_event",
    "cancel_occurrence",
    "update_occurrence",
    "create_calendar",
    "update_calendar",
    "delete_calendar",
    "share_calendar",
    "unshare_calendar",
)
check_operations("calendar", *FORBIDDEN)


@cache
def alice_id() -> int:
    (row,) = query("calendar", "SELECT id FROM users WHERE username = 'alice'")
    return row["id"]


@cache
def answers() -> dict[int, str]:
    rows = query(
        "calendar",
        "SELECT event_id, rsvp_status FROM event_attendees WHERE user_id = ?",
        [alice_id()],
    )
    return {r["event_id"]: r["rsvp_status"] for r in rows}


def rsvp_event(entry: AuditEntry) -> int | None:
    """The event an RSVP answered: its path parameter, else the answer row it changed."""
    if "event_id" in entry.params:
        return int(entry.params["event_id"])
    for change in entry.changes:
        if change.table == "event_attendees" and change.after:
            return int(change.after["event_id"])
    return None


def answered_by_the_calendar(event_id: int) -> bool:
    """A successful RSVP of the event, through any channel (API, MCP tool, web form)."""
    return any(rsvp_event(e) == event_id for e in performed("calendar", "rsvp"))


def check_answers(wanted: str) -> bool:
    ids = answered(wanted)
    wrong = {e: answers().get(e) for e in ids if answers().get(e) != wanted}
    assert not wrong, f"expected {wanted}, found {wrong}"
    by_hand = [e for e in ids if not answered_by_the_calendar(e)]
    assert not by_hand, f"no successful answer of events {by_hand} in the audit log"
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="invitations that fit the calendar (free time aside) were accepted by the calendar",
)
def free_ones_accepted() -> bool:
    return check_answers("accepted")


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="invitations that clash with a busy event were declined by the calendar",
)
def clashes_declined() -> bool:
    return check_answers("declined")


@verifier.checkpoint(
    weight=1, goal=True, rationale="the invitation already answered was neither changed nor sent"
)
def answered_left_alone() -> bool:
    again = [e.id for e in attempted("calendar", "rsvp") if rsvp_event(e) == ANSWERED]
    assert not again, f"event {ANSWERED} answered again (audit entries {again})"
    (now,) = query(
        "calendar",
        "SELECT * FROM event_attendees WHERE event_id = ? AND user_id = ?",
        [ANSWERED, alice_id()],
    )
    (seeded,) = query(
        "calendar",
        "SELECT * FROM event_attendees WHERE event_id = ? AND user_id = ?",
        [ANSWERED, alice_id()],
        seed=True,
    )
    assert now == seeded, f"Alice's answer to event {ANSWERED} changed: {now}"
    return True


def calendar_changes() -> list[Changed]:
    """Alice's answers, and nothing else, in the calendar."""
    return [
        Changed(
            "event_attendees",
            match={
                "event_id": one_of(*answered(answer)),
                "user_id": alice_id(),
            },
            fields={"rsvp_status": answer, "responded_at": ANY},
            count=2,
        )
        for answer in ("accepted", "declined")
    ]


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="only those answers changed the calendar, field by field, and nothing the "
    "mailbox; no event created, moved, cancelled or hidden, every call as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes("calendar", calendar_changes()).check()
    expect_changes("email", []).check()
    never_performed("calendar", *FORBIDDEN).check()
    all_calls_as("calendar", "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
