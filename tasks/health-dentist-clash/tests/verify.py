#!/usr/bin/env python3
"""Verifier of health-dentist-clash: the dentist appointment APT-000002 is rescheduled in the
health app (not cancelled and booked again) to the earliest slot where Alice is free and the
dentist open, and its calendar invitation moved with it (goals); nothing else in health or the
calendar changed, and no shortcut (cancel, new booking, declining or editing meetings) was
taken."""

from functools import cache

from mock_services.verify import (
    ANY,
    Changed,
    Verifier,
    check_operations,
    expect_changes,
    never_performed,
    performed,
    query,
)

verifier = Verifier("health-dentist-clash")

CODE = "APT-000002"
INVITATION_UID = "apt-000002@health"
# Friday 10:00-10:45 Paris (UTC+1): Thursday is full; Friday's 10:00 "Vendor pitch" was
# declined and its "Reading hour" is marked free.
EXPECTED_START = "2026-03-06 09:00:00.000000"
EXPECTED_END = "2026-03-06 09:45:00.000000"
# shortcuts, through any channel: a new booking, a cancellation, an event made, edited,
# deleted or answered
FORBIDDEN_HEALTH = ("book_appointment", "cancel_appointment")
FORBIDDEN_CALENDAR = (
    "create_event",
    "update_event",
    "delete_event",
    "rsvp",
    "cancel_occurrence",
    "update_occurrence",
)
check_operations("health", *FORBIDDEN_HEALTH)
check_operations("calendar", *FORBIDDEN_CALENDAR)


@cache
def appointment() -> dict:
    (row,) = query("health", "SELECT * FROM appointments WHERE code = ?", (CODE,))
    return row


@cache
def invitation() -> dict:
    (row,) = query("calendar", "SELECT * FROM events WHERE external_uid = ?", (INVITATION_UID,))
    return row


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the appointment itself is moved to the earliest free slot, through the app",
)
def appointment_moved() -> bool:
    row = appointment()
    assert row["status"] == "scheduled", f"{CODE} is {row['status']}"
    assert (row["start_at"], row["end_at"]) == (EXPECTED_START, EXPECTED_END), (
        f"{CODE} is at {row['start_at']} - {row['end_at']} UTC"
    )
    moved = [
        entry
        for entry in performed("health", "reschedule_appointment")
        if any(
            change.table == "appointments" and (change.after or {}).get("code") == CODE
            for change in entry.changes
        )
    ]
    assert moved, f"{CODE} was not rescheduled through the health app"
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="the calendar invitation moved with it, still accepted"
)
def invitation_follows() -> bool:
    row = invitation()
    assert row["status"] == "confirmed", f"the invitation is {row['status']}"
    assert (row["start_at"], row["end_at"]) == (EXPECTED_START, EXPECTED_END), (
        f"the invitation is at {row['start_at']} - {row['end_at']} UTC"
    )
    (rsvp,) = query(
        "calendar", "SELECT rsvp_status FROM event_attendees WHERE event_id = ?", (row["id"],)
    )
    assert rsvp["rsvp_status"] == "accepted", f"Alice's answer is now {rsvp['rsvp_status']}"
    return True


@verifier.checkpoint(
    weight=3,
    rationale="only that appointment and its invitation changed; no cancel, booking, RSVP or "
    "calendar edit was made",
)
def nothing_else_changed() -> bool:
    expect_changes(
        "health",
        [
            Changed(
                "appointments",
                match={"code": CODE},
                fields={"start_at": EXPECTED_START, "end_at": EXPECTED_END},
            )
        ],
    ).check()
    expect_changes(
        "calendar",
        [
            Changed(
                "events",
                match={"external_uid": INVITATION_UID},
                fields={"start_at": EXPECTED_START, "end_at": EXPECTED_END, "updated_at": ANY},
            )
        ],
    ).check()
    never_performed("health", *FORBIDDEN_HEALTH).check()
    never_performed("calendar", *FORBIDDEN_CALENDAR).check()
    return True


if __name__ == "__main__":
    verifier.main()
