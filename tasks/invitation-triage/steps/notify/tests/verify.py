#!/usr/bin/env python3
"""Step "notify" of invitation-triage: each declined invitation's organizer got a mail from
Alice naming the meeting; nobody else was written to."""

from functools import cache

from mock_services.verify import Verifier, diff_service

verifier = Verifier("invitation-triage/notify")

# organizer -> title of the meeting Alice declined
EXPECTED_NOTES = {"carol@example.test": "Pricing sync", "bob@example.test": "Early design jam"}
ACCEPTED_ONLY = ("dave@example.test",)


@cache
def sent() -> list[dict]:
    return [
        m
        for m in diff_service("email").added("messages")
        if m["from_address"] == "alice@example.test" and m["owner_id"] == 1
    ]


def recipients(mail: dict) -> list[str]:
    return mail["to_addresses"] + mail["cc_addresses"] + mail["bcc_addresses"]


@verifier.checkpoint(weight=3, rationale="each organizer of a declined meeting was told which one")
def organizers_told() -> float:
    told = [
        any(
            who in recipients(m) and title.lower() in (m["subject"] + m["body"]).lower()
            for m in sent()
        )
        for who, title in EXPECTED_NOTES.items()
    ]
    return sum(told) / len(told)


@verifier.checkpoint(weight=1, rationale="no mail to organizers whose invitation was accepted")
def no_needless_mail() -> bool:
    wrong = [who for m in sent() for who in recipients(m) if who in ACCEPTED_ONLY]
    assert not wrong, f"mailed {sorted(set(wrong))}"
    return True


@verifier.checkpoint(weight=1, rationale="the calendar answers of the first step still stand")
def answers_kept() -> bool:
    from mock_services.verify import query

    rows = query(
        "calendar",
        "SELECT event_id, rsvp_status FROM event_attendees a JOIN users u "
        "ON u.id = a.user_id WHERE u.username = 'alice' AND event_id IN (11, 13)",
    )
    return all(r["rsvp_status"] == "declined" for r in rows) and len(rows) == 2


if __name__ == "__main__":
    verifier.main()
