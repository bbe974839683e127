#!/usr/bin/env python3
"""Step "notify" of invitation-triage.

Each organizer of a declined invitation got a sent mail from Alice naming the meeting, delivered
to their inbox (goal); nobody else was written to, the organizer whose invitations were all
accepted least of all (goal); the answers of the first step still stand (goal). The calendar and
the mailbox must change field by field exactly as those answers and mails change them, one mail
per organizer, no draft left, nothing deleted (audit log). Diff rows carry decoded values, so
recipients are lists of addresses, never the text of a JSON column.
"""

from collections import Counter
from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    Verifier,
    all_calls_as,
    diff_service,
    expect_changes,
    mailbox_ids,
    never_called,
    one_of,
    query,
    satisfies,
    sent_mail,
)

verifier = Verifier("invitation-triage/notify")

ALICE = "alice@example.test"
# organizer -> title of the meeting Alice declined
EXPECTED_NOTES = {"carol@example.test": "Pricing sync", "bob@example.test": "Early design jam"}
ACCEPTED_TITLES = ("Roadmap review", "Hiring debrief", "Team retro")
# the first step's answers, a premise of this step, not its answer (event id -> Alice's answer;
# ids pinned by the seed)
FIRST_STEP_ANSWERS = {10: "accepted", 11: "declined", 12: "accepted", 13: "declined"}
FORBIDDEN_CALENDAR = (
    "POST /api/events",
    "POST /events/new",
    "PATCH /api/events/*",
    "DELETE /api/events/*",
    "POST /events/*/delete",
    "* /api/events/*/occurrences/*",
    "POST /events/*/occurrences/*",
    "* /api/calendars*",
)
FORBIDDEN_EMAIL = (
    "DELETE /api/messages/*",
    "POST /api/trash/empty",
    "* /api/contacts*",
    "* /api/folders*",
)


@cache
def new_mail() -> list[dict]:
    """Every message added since the seed, decoded (address columns are lists)."""
    return diff_service("email").added("messages")


def by_alice() -> list[dict]:
    """Alice's new messages, drafts included."""
    return [m for m in new_mail() if m["owner_id"] == mailbox_ids()["alice"]]


def sent_by_alice() -> list[dict]:
    return [m for m in by_alice() if m["folder_id"] == mailbox_ids()["alice/sent"]]


def recipients(mail: dict) -> list[str]:
    return [a.lower() for name in ("to", "cc", "bcc") for a in mail[f"{name}_addresses"] or []]


def delivered(mail: dict, address: str) -> bool:
    """The organizer's inbox holds the mail (same Message-ID), from Alice."""
    user = address.split("@", 1)[0]
    return any(
        m["owner_id"] == mailbox_ids()[user]
        and m["folder_id"] == mailbox_ids()[f"{user}/inbox"]
        and m["message_id"] == mail["message_id"]
        for m in new_mail()
    )


def names(mail: dict, title: str) -> bool:
    return title.lower() in f"{mail['subject']}\n{mail['body']}".lower()


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="each organizer of a declined meeting got a sent mail from Alice naming it",
)
def organizers_told() -> bool:
    untold = [
        who
        for who, title in EXPECTED_NOTES.items()
        if not any(
            who in recipients(m) and names(m, title) and delivered(m, who) for m in sent_by_alice()
        )
    ]
    assert not untold, f"not told (in a sent, delivered mail naming the meeting): {untold}"
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="nobody but those organizers was written to, and no mail is about an accepted "
    "meeting",
)
def no_needless_mail() -> bool:
    others = sorted({a for m in by_alice() for a in recipients(m)} - set(EXPECTED_NOTES))
    assert not others, f"written to {others}"
    about_accepted = [m["subject"] for m in by_alice() if any(names(m, t) for t in ACCEPTED_TITLES)]
    assert not about_accepted, f"mails about accepted meetings: {about_accepted}"
    return True


@verifier.checkpoint(
    weight=1, goal=True, rationale="the calendar answers of the first step still stand"
)
def answers_kept() -> bool:
    rows = query(
        "calendar",
        "SELECT a.event_id, a.rsvp_status FROM event_attendees a JOIN users u "
        "ON u.id = a.user_id WHERE u.username = 'alice'",
    )
    found = {r["event_id"]: r["rsvp_status"] for r in rows if r["event_id"] in FIRST_STEP_ANSWERS}
    assert found == FIRST_STEP_ANSWERS, f"Alice's answers are {found}"
    return True


def calendar_changes() -> list[Changed]:
    """The first step's answers, and nothing else."""
    (alice,) = query("calendar", "SELECT id FROM users WHERE username = 'alice'")
    return [
        Changed(
            "event_attendees",
            match={
                "event_id": one_of(*[e for e, a in FIRST_STEP_ANSWERS.items() if a == answer]),
                "user_id": alice["id"],
            },
            fields={"rsvp_status": answer, "responded_at": ANY},
            count=2,
        )
        for answer in ("accepted", "declined")
    ]


def email_changes() -> list[Added | Changed]:
    """Mails from Alice to the two organizers only: her sent copies and their delivered ones."""
    only_organizers = satisfies(
        "the organizers only", lambda v: all(a.lower() in EXPECTED_NOTES for a in v or [])
    )
    header = {
        "from_address": ALICE,
        "to_addresses": only_organizers,
        "cc_addresses": only_organizers,
        "bcc_addresses": only_organizers,
    }
    organizers = [who.split("@", 1)[0] for who in EXPECTED_NOTES]
    return sent_mail("alice", organizers, fields=header, count=None, read_by=[])


@verifier.checkpoint(
    weight=5,
    rationale="only those answers and mails changed the calendar and the mailbox, field by "
    "field, one mail per organizer, no draft left, nothing deleted, every call as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes("calendar", calendar_changes()).check()
    expect_changes("email", email_changes()).check()
    never_called("calendar", *FORBIDDEN_CALENDAR).check()
    never_called("email", *FORBIDDEN_EMAIL).check()
    for service in ("calendar", "email"):
        all_calls_as(service, "alice").check()
    per_organizer = Counter(a for m in sent_by_alice() for a in recipients(m))
    repeated = sorted(a for a, n in per_organizer.items() if n > 1)
    assert not repeated, f"organizers mailed more than once: {repeated}"
    return True


if __name__ == "__main__":
    verifier.main()
