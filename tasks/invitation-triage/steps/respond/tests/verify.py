#!/usr/bin/env python3
"""Step "respond" of invitation-triage: every pending invitation answered by availability."""

from mock_services.verify import Verifier, diff_service, query

verifier = Verifier("invitation-triage/respond")

# event id -> whether it clashes with Alice's own busy time (ids pinned by the seed)
EXPECTED_CLASH = {10: False, 11: True, 12: False, 13: True}


def rsvp() -> dict[int, str]:
    rows = query(
        "calendar",
        "SELECT a.event_id, a.rsvp_status FROM event_attendees a JOIN users u ON u.id = a.user_id "
        "WHERE u.username = 'alice'",
    )
    return {r["event_id"]: r["rsvp_status"] for r in rows}


@verifier.checkpoint(weight=2, rationale="invitations that fit the calendar were accepted")
def free_ones_accepted() -> float:
    wanted = [e for e, clash in EXPECTED_CLASH.items() if not clash]
    return sum(rsvp().get(e) == "accepted" for e in wanted) / len(wanted)


@verifier.checkpoint(weight=2, rationale="invitations that clash with a busy event were declined")
def clashes_declined() -> float:
    wanted = [e for e, clash in EXPECTED_CLASH.items() if clash]
    return sum(rsvp().get(e) == "declined" for e in wanted) / len(wanted)


@verifier.checkpoint(weight=1, rationale="only RSVPs changed: no event created, moved or cancelled")
def nothing_else_changed() -> bool:
    diff = diff_service("calendar")
    problems = diff.unexpected({"event_attendees": ["changed"]})
    for change in diff.changed("event_attendees"):
        if change.after["event_id"] not in EXPECTED_CLASH:
            problems.append(f"the invitation to event {change.after['event_id']} changed")
    assert not problems, "; ".join(problems)
    return True


if __name__ == "__main__":
    verifier.main()
