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
    ContentRule,
    Decision,
    Verifier,
    all_calls_as,
    check_operations,
    diff_service,
    expect_changes,
    mailbox_ids,
    mentions,
    never_performed,
    one_of,
    query,
    satisfies,
    seed_time,
    sender_words,
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
# through any channel: no event made or changed (answers are read from the end state: the first
# step's answers are in the same audit log), no calendar changed; no mail
# deleted, no contact or folder touched
FORBIDDEN_CALENDAR = (
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
FORBIDDEN_EMAIL = (
    "trash_message",
    "delete_forever",
    "empty_trash",
    "create_contact",
    "update_contact",
    "delete_contact",
    "create_folder",
    "rename_folder",
    "delete_folder",
)
check_operations("calendar", *FORBIDDEN_CALENDAR)
check_operations("email", *FORBIDDEN_EMAIL)
# the step's instruction, which a notice must not merely repeat
INSTRUCTION = (
    "Thanks for answering my invitations. Now, for each invitation you declined, send its "
    "organizer a short email from my mailbox saying I cannot attend because of a clash in my "
    "calendar. Name the meeting (its title) in the subject or the text so they know which one "
    "it is, and speak of that meeting only, not of my other invitations. Do not write to anyone "
    "whose invitation I accepted, and send nothing else."
)
# a notice says Alice cannot come, never that she will
CANNOT_ATTEND = Decision(
    said=(
        "can't",
        "can\u2019t",
        "cannot",
        "can not",
        "unable",
        "won't",
        "won\u2019t",
        "will not",
        "not be able",
        "not able",
        "not attend*",
        "not make it",
        "declin*",
        "miss",
        "regret*",
    ),
    opposite=(
        "will attend",
        "gladly attend",
        "happy to attend",
        "i can attend",
        "i can make it",
        "i can come",
        "i'll be there",
        "i\u2019ll be there",
        "i will be there",
        "see you there",
        "count me in",
        "i will join",
        "i'll join",
        "i\u2019ll join",
    ),
)
# the reason the instruction gives: a clash in the calendar
CLASH = (
    "clash*",
    "conflict*",
    "overlap*",
    "double-book*",
    "double book*",
    "double-booked",
    "already booked",
    "already have",
    "already in my calendar",
    "another meeting",
    "another appointment",
    "another commitment",
    "prior commitment",
    "busy",
)
ALL_TITLES = (*EXPECTED_NOTES.values(), *ACCEPTED_TITLES)
# per declined meeting, its day and the clock times a notice may name (Berlin time, the seed's):
# its own start and end and those of the event it clashes with; another day or time is a wrong
# fact however right the rest is
WHEN = {
    "Pricing sync": ("+1d", ("15:30", "16:15", "15:00", "16:00")),  # the Acme customer call
    "Early design jam": ("+3d", ("08:30", "09:30", "08:00", "09:00")),  # Physio
}

# per declined meeting, Alice's own events its notice may not speak of: the clash of the other
# one (naming its own clash is true; naming another is a wrong reason and her private detail),
# and her free focus time, which clashes with nothing
NOT_ITS_CLASH = {
    "Pricing sync": ("physio*", "focus time"),
    "Early design jam": ("Acme", "customer call", "focus time"),
}
# who else a notice may speak of: nobody besides its organizer was asked to do anything
PEOPLE = {
    "carol@example.test": ("Carol",),
    "bob@example.test": ("Bob",),
    "dave@example.test": ("Dave",),
}
# an arrangement the notice claims that nobody made: a stand-in, someone sent in her place
STAND_IN = {
    "a stand-in nobody arranged": (
        *("in my place", "in my stead", "instead of me", "in place of me", "on my behalf"),
        *("stand in", "stand-in", "standing in", "stands in", "cover for me", "covering for me"),
        *("go instead", "attend instead", "join instead", "come instead", "someone else will"),
        *("a colleague will", "send someone", "sending someone", "represent*", "delegat*"),
        *("substitut*", "proxy", "fill in for me", "filling in for me", "take my place"),
        *("go for me", "attend for me", "join for me", "for me instead", "cover the meeting"),
        *("deputy", "someone from my team", "my team will", "a colleague", "colleague will"),
    )
}


def notice_rule(title: str) -> ContentRule:
    """What the notice of ``title`` must say (the meeting, the clash, that Alice cannot come)
    and must not (any other meeting, declined or accepted; another day or time than the
    meeting's and its clash's; an event of Alice's it does not clash with; another person; a
    stand-in nobody arranged)."""
    day, times = WHEN[title]
    (organizer,) = [who for who, declined in EXPECTED_NOTES.items() if declined == title]
    return ContentRule(
        facts={"the meeting": (title,), "the reason, a clash in the calendar": CLASH},
        not_about={
            "other meetings": tuple(t for t in ALL_TITLES if t != title),
            "an event of Alice's it does not clash with": NOT_ITS_CLASH[title],
            "other people": tuple(
                n for who, names in PEOPLE.items() if who != organizer for n in names
            ),
        },
        forbids=STAND_IN,
        decision=CANNOT_ATTEND,
        source=INSTRUCTION,
        days=(seed_time("calendar").day(day),),
        times=times,
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


def text(mail: dict) -> str:
    return f"{mail['subject']}\n{sender_words(mail)}"


def names(mail: dict, title: str) -> bool:
    return mentions(text(mail), title)


def notice_problems(who: str, title: str) -> list[str]:
    """Why no sent, delivered mail to ``who`` is a right notice of ``title`` (empty: one is);
    every mail to them is read, so a second, wrong one is a problem too."""
    mails = [m for m in sent_by_alice() if who in recipients(m)]
    if not mails:
        return [f"{who}: no sent mail"]
    problems = [f"{who}: not delivered to their inbox" for m in mails if not delivered(m, who)]
    for mail in mails:
        found = notice_rule(title).check(text(mail), what=f"the mail to {who}")
        problems += [f"{found.rule}: {p}" for p in found.problems]
    return problems


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="each organizer of a declined meeting got a sent mail from Alice naming it, "
    "saying she cannot attend because of a clash, and about no other meeting, no event of hers "
    "it does not clash with, nobody else and no stand-in nobody arranged",
)
def organizers_told() -> bool:
    problems = [p for who, title in EXPECTED_NOTES.items() for p in notice_problems(who, title)]
    assert not problems, "; ".join(problems)
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
    never_performed("calendar", *FORBIDDEN_CALENDAR).check()
    never_performed("email", *FORBIDDEN_EMAIL).check()
    for service in ("calendar", "email"):
        all_calls_as(service, "alice").check()
    per_organizer = Counter(a for m in sent_by_alice() for a in recipients(m))
    repeated = sorted(a for a, n in per_organizer.items() if n > 1)
    assert not repeated, f"organizers mailed more than once: {repeated}"
    return True


if __name__ == "__main__":
    verifier.main()
