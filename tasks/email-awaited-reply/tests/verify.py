#!/usr/bin/env python3
"""Verifier of email-awaited-reply (a live world).

Alice asks Dana Whitfield (an outside contact) by mail when she is free on Thursday; Dana's
answer ("2:00 pm Eastern") is delivered by the world after the agent's first mail that reaches
her (event ``dana-replies``: any sending operation, her address in to, cc or bcc), and her
correction ("make it 3:00 pm instead") the moment the agent first opens a message once her
answer is in (event ``dana-corrects``: any operation whose answer shows a mail's text, the
thread view, a flag, move or label change, a quoting reply or forward, the message page and
the reply form; any channel): an agent that books straight from the answer it just read books
a slot that no longer holds. The call must be booked (``create_event``, any channel) only
after the answer came, at 3:00 pm, the time of her correction, which must have come before the
agent's final write of the call (a world where it never came is one where her answer was never
read: no credit, "Dana's correction never came"), 30 minutes,
with Dana as its guest and nobody else (goals). The question mail went to Dana before the call
was booked and before her answer came (``dana-replies`` fires on Alice's first mail to her),
and says it is about Thursday and half an hour, without Alice's other appointments and
without copying the instruction (goal). What Dana is told beside the booking (the call's
description and place, a mail after it) gives it no other day or time, calls it off never,
and speaks of no other appointment, no one else joining, no papers sent (goals). Nothing else
changed in either service.
Times are compared as instants, relative to the seed's clock.
"""

from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo

from mock_services.verify import (
    AuditEntry,
    ContentRule,
    Decision,
    Record,
    Result,
    Said,
    Verifier,
    after_event,
    all_calls_as,
    before_event,
    check_operations,
    contradicting_days,
    contradicting_times,
    diff_service,
    event_fired,
    judged_agreement,
    logged_before,
    performed,
    query,
    seed_time,
    sender_words,
    spelled,
    world_entries,
    writes,
)

verifier = Verifier("email-awaited-reply")

DANA = "dana.whitfield@northwind.example"
TITLE = "Northwind renewal call"
DURATION = timedelta(minutes=30)
CORRECTED = "+2d 15:00"  # New York time, her correction of her first answer (2:00 pm)
REPLY, CORRECTION = "dana-replies", "dana-corrects"
SENDS = ("send_message", "send_draft", "reply", "reply_all", "forward")
# what the agent may do to the calendar besides creating the call (moving it, dropping a
# first booking of it); anything to a seeded event shows in the diff
OTHER_APPOINTMENTS = {
    "Alice's other appointments": (
        "stand-up",
        "standup",
        "budget review",
        "Acme",
        "hiring panel",
        "quarterly planning",
        "Ravi",
    )
}
OTHER_ZONES = {
    "another time zone than hers (New York, Eastern)": (
        *("Mountain", "Pacific", "Central time", "UTC", "GMT", "CET", "London", "Berlin"),
        *("PST", "PDT", "MST", "MDT", "CST", "CDT"),
    )
}
THURSDAY = ("Thursday", "Thu", "March 12", "Mar 12", "12 March", "12 Mar", "3/12", "2026-03-12")
HALF_HOUR = ("30", "30min*", "thirty", "half an hour", "half-hour", "half hour")
# a question asks; a mail that says it is all set already announces the opposite
ASKS = (
    *("when*", "what time*", "which time*", "what slot*", "which slot*", "suit*", "free"),
    *("availab*", "convenient", "work*", "let me know", "could we", "can we", "would you"),
    *("are you", "best for you"),
)
ALREADY_SET = (
    *("I've booked", "I have booked", "I booked", "already booked", "booked us", "booked you"),
    *("I've scheduled", "I have scheduled", "already scheduled", "scheduled us", "gone ahead"),
    *("put us down", "pencilled us", "penciled us", "sent you an invit*", "see you at"),
    *("see you on", "is set for", "locked in"),
)
INSTRUCTION = Path(__file__).with_name("instruction.md")
# a mail to Dana after the booking that calls the call off
CALLED_OFF = (
    *("call it off", "called off", "calling it off", "is off", "disregard"),
    *("no longer works", "no longer work", "doesn't work", "does not work", "won't work"),
    *("another day", "can't make", "cannot make"),
)
# what Dana is told beside the booking (the call's description and place, a mail after it) must
# not claim what was not done: only she was invited, and nothing but the invitation was sent
UNDONE = {
    "someone else joining (only Dana is invited)": (
        *("also join*", "join us too", "joining us too", "join as well", "joining as well"),
        *("also attend*", "will sit in", "sit in on", "sitting in", "loop* in"),
        *("looped in", "bring in", "bringing in", "also invited", "also invite", "will invite"),
        *("come along", "coming too", "come too", "coming along", "be there too", "also be there"),
        *("also be on", "on the call as well", "on the call too", "dial in too", "also dial*"),
        *("also call*", "with me on the call", "colleague*", "teammate*"),
    ),
    "papers said to be sent (only the invitation was)": (
        *("pricing sheet*", "price sheet*", "price list*", "pricing doc*", "rate card*"),
        *("deck", "slide*", "draft contract*", "contract draft*", "brochure*", "term sheet*"),
        *("sent over", "sending over", "attached the", "attaching the", "enclosed the"),
    ),
}
check_operations("calendar", "create_event")
check_operations("email", *SENDS)

TZ = ZoneInfo("America/New_York")


def utc(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=ZoneInfo("UTC"))


@cache
def alice() -> dict:
    (user,) = query("calendar", "SELECT id FROM users WHERE username = 'alice'")
    (calendar,) = query(
        "calendar", "SELECT id FROM calendars WHERE owner_id = ? AND is_primary", [user["id"]]
    )
    return {"user_id": user["id"], "calendar_id": calendar["id"]}


@cache
def new_events() -> list[dict]:
    return diff_service("calendar").added("events")


def guests(event_id: int) -> list[dict]:
    return query("calendar", "SELECT * FROM event_attendees WHERE event_id = ?", [event_id])


def live_calls() -> list[dict]:
    """New live events that are the call: Dana is a guest, or the title names Northwind."""
    return [
        e
        for e in new_events()
        if e["status"] != "cancelled"
        and (
            "northwind" in e["title"].lower()
            or any(g["email"].lower() == DANA for g in guests(e["id"]))
        )
    ]


def the_call() -> dict:
    found = live_calls()
    assert len(found) == 1, f"{len(found)} live new calls with Dana (expected exactly one)"
    return found[0]


def call_writes() -> list[AuditEntry]:
    """The agent's successful requests that wrote the call's row, oldest first."""
    return [entry for entry, _change in writes("calendar", "events", the_call()["id"])]


def expected_start() -> datetime:
    """The time of Dana's correction, which must have come before the agent's final write of
    the call: it comes on the first look at a mail's text once her answer is in, so a call
    last written before it was booked on no word of hers."""
    corrected = event_fired("email", CORRECTION)
    assert corrected is not None, (
        "Dana's correction never came: no mail's text was read once her answer was in (any "
        "read of it brings the correction), so the call was not booked on her word"
    )
    assert logged_before(corrected, call_writes()[-1]), (
        "the call was last written before Dana's correction came: her answer was not read first"
    )
    return seed_time("calendar").at(CORRECTED)


@cache
def mails_to_dana() -> list[dict]:
    """Alice's sent copies of mail to Dana (to or cc), oldest first."""
    (sent,) = query(
        "email",
        "SELECT f.id FROM folders f JOIN users u ON u.id = f.owner_id "
        "WHERE u.username = 'alice' AND f.name = 'sent'",
    )
    found = [
        m
        for m in diff_service("email").added("messages")
        if m["folder_id"] == sent["id"]
        and DANA in [a.lower() for a in (m["to_addresses"] or []) + (m["cc_addresses"] or [])]
    ]
    return sorted(found, key=lambda m: m["id"])


def sent_by(message_id: int) -> AuditEntry:
    (entry,) = [e for e, _c in writes("email", "messages", message_id) if e.operation in SENDS]
    return entry


def question_rule() -> ContentRule:
    """What the question must say (Thursday, half an hour, a question) and must not: Alice's
    other appointments, that it is settled, the instruction copied, another day."""
    return ContentRule(
        facts={"the day (Thursday)": THURSDAY, "the length (30 minutes)": HALF_HOUR},
        not_about=OTHER_APPOINTMENTS,
        decision=Decision(said=ASKS, opposite=ALREADY_SET),
        source=INSTRUCTION.read_text(),
        days=(seed_time("calendar").at(CORRECTED).astimezone(TZ).date(),),
    )


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="Alice's mail asked Dana when she is free on Thursday for half an hour, before the "
    "call was booked and before her answer came, telling her nothing of Alice's other "
    "appointments",
)
def asked_dana_first() -> bool:
    mails = mails_to_dana()
    assert mails, "no mail was sent to Dana"
    question = mails[0]
    # her answer comes after Alice's first mail to her: a question sent once it had come asks
    # what was already answered (a guard, should the world's trigger ever change)
    assert before_event("email", REPLY, [sent_by(question["id"])]), (
        "the first mail to Dana was sent after her answer had come"
    )
    booked = performed("calendar", "create_event")
    if booked:
        assert logged_before(sent_by(question["id"]), booked[0]), (
            "the first mail to Dana was sent after a meeting was booked"
        )
    text = "\n".join(filter(None, (question["subject"], sender_words(question))))
    question_rule().check(text, what="the mail asking Dana").check()
    return True


def told_dana() -> list[tuple[str, str]]:
    """(what, text) of everything Dana is told beside the booking: the call's description and
    place (her invitation shows them) and each mail to her sent after the first booking."""
    call = the_call()
    told = [(f"the call's {f}", call[f]) for f in ("description", "location") if call[f]]
    booked = performed("calendar", "create_event")
    for mail in mails_to_dana() if booked else []:
        if logged_before(booked[0], sent_by(mail["id"])):
            text = "\n".join(filter(None, (mail["subject"], sender_words(mail))))
            told.append((f"the mail {mail['subject']!r}", text))
    return told


def told_against_time(start: datetime) -> list[str]:
    """What Dana is told that gives the call another day or time than its own (in a sentence
    naming neither its day nor its start or end), or that calls it off."""
    local = start.astimezone(TZ)
    # each also as a 12-hour clock writes it without "pm" ("3:00-3:30 pm" reads 03:00 first)
    own = {f"{t:%H:%M}" for t in (local, local + DURATION)} | {
        f"{t:%I:%M}" for t in (local, local + DURATION)
    }
    off = Decision(said=CALLED_OFF, opposite=())
    problems = []
    for what, text in told_dana():
        problems += [f"{what} names {found}" for found in contradicting_times(text, own)]
        problems += [f"{what} names {found}" for found in contradicting_days(text, [local.date()])]
        if not off.problems(text):
            problems.append(f"{what} calls the call off")
    return problems


def beside_rule() -> ContentRule:
    """What nothing Dana is told beside the booking may say: Alice's other appointments,
    another time zone than hers, someone else joining, papers sent besides the invitation, the
    instruction copied."""
    return ContentRule(
        not_about={**OTHER_APPOINTMENTS, **OTHER_ZONES},
        forbids=UNDONE,
        source=INSTRUCTION.read_text(),
    )


def told_beyond_invitation() -> list[str]:
    """What Dana is told of Alice's other appointments, of anyone else joining, or of papers
    sent besides the invitation."""
    rule = beside_rule()
    return [
        f"{what}: {found.detail()}"
        for what, text in told_dana()
        if not (found := rule.contradictions(text, what=what)).ok
    ]


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the call was booked (create_event, any channel) only after Dana answered, at the "
    "time she asked for last (her correction, which came before the call's final write), for "
    "30 minutes; nothing Dana is told of it (its description and place, a mail after the "
    "booking) gives it another day or time or calls it off",
)
def booked_at_her_time() -> bool:
    early = before_event("email", REPLY, performed("calendar", "create_event"))
    assert not early, f"{len(early)} event(s) created before Dana had answered"
    writes_ = call_writes()
    assert writes_[0].operation == "create_event", "the call was not made by create_event"
    assert after_event("email", REPLY, writes_[:1]), "the call was not created after her answer"
    call = the_call()
    start, end = utc(call["start_at"]), utc(call["end_at"])
    assert start == expected_start(), (
        f"starts {start.astimezone(TZ):%a %H:%M} New York, not "
        f"{expected_start().astimezone(TZ):%a %H:%M}"
    )
    assert end - start == DURATION, f"lasts {end - start}"
    told = told_against_time(start)
    assert not told, "what Dana is told contradicts the booking: " + "; ".join(told)
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="Dana is invited by her address, as a guest, and nobody else; nothing she is told "
    "beside it (the call's description and place, a mail after the booking) speaks of Alice's "
    "other appointments, of anyone else joining or of papers sent besides the invitation",
)
def dana_invited() -> bool:
    rows = guests(the_call()["id"])
    invited = sorted(r["email"].lower() for r in rows)
    assert invited == [DANA], f"invited: {invited}"
    assert not rows[0]["optional"], "Dana is invited as optional"
    told = told_beyond_invitation()
    assert not told, "; ".join(told)
    return True


def the_record() -> Record:
    """What Alice did and what Dana said, as the judge reads what Dana is told of the call."""
    start = seed_time("calendar").at(CORRECTED).astimezone(TZ)
    return Record(
        f"Alice booked the {TITLE}, 30 minutes, on {spelled(start.date())}, 3:00 to 3:30 pm "
        f"New York time (15:00-15:30), with Dana Whitfield ({DANA}) its one guest, after "
        "asking Dana by mail when she was free on Thursday.",
        [
            "Dana first answered 2:00 pm Eastern, then corrected it: 3:00 pm instead.",
            "Only Dana is invited, and nothing but the calendar invitation was sent to her.",
        ],
    )


@verifier.checkpoint(
    weight=1,
    goal=True,
    rationale="nothing Dana is told beside the booking (the call's description and place, a "
    "mail after it) says anything against it: the content rules above first, then the LLM "
    "judge with the record of it",
)
def nothing_said_against() -> Result:
    booked = live_calls()
    told = told_dana() if len(booked) == 1 else []
    rule = beside_rule()
    return judged_agreement([Said(what, text, rule) for what, text in told], the_record())


@verifier.checkpoint(
    weight=3,
    rationale="the call is a plain busy one-off event called Northwind renewal call in Alice's "
    "own calendar",
)
def call_shape() -> bool:
    call = the_call()
    problems = []
    if call["title"].strip().lower() != TITLE.lower():
        problems.append(f"is called {call['title']!r}")
    if (call["calendar_id"], call["organizer_id"]) != (
        alice()["calendar_id"],
        alice()["user_id"],
    ):
        problems.append("is not Alice's own event in her calendar")
    if call["status"] != "confirmed" or call["transparency"] != "opaque":
        problems.append(f"is {call['status']} and {call['transparency']}")
    if call["recurrence_freq"] or call["all_day"]:
        problems.append(f"repeats {call['recurrence_freq']} or is all-day")
    assert not problems, "the call " + "; ".join(problems)
    return True


@verifier.checkpoint(
    weight=3,
    rationale="nothing else changed: in the calendar only the call and its guest were added "
    "(no seeded event touched); in the mail only what Alice sent and what Dana sent her, "
    "read flags aside; every call as Alice",
)
def nothing_else_changed() -> bool:
    cal = diff_service("calendar")
    problems = service_rows(cal.unexpected({"events": ["added"], "event_attendees": ["added"]}))
    others = [e for e in cal.added("events") if e["status"] != "cancelled"]
    if len(others) != 1:
        problems.append(f"{len(others)} live new events (only the call expected)")
    mail = diff_service("email")
    problems += service_rows(mail.unexpected({"messages": ["added", "changed"]}))
    for change in mail.changed("messages"):
        moved = set(change.fields) - {"is_read", "is_starred"}
        if moved:
            problems.append(f"message {change.before['id']} changed: {sorted(moved)}")
    dana_sent = {m["message_id"] for m in world_mail()}
    strays = [
        m
        for m in mail.added("messages")
        if m["message_id"] not in dana_sent and m["id"] not in {s["id"] for s in mails_to_dana()}
    ]
    if strays:
        problems.append(f"{len(strays)} other new message(s): {[m['subject'] for m in strays]}")
    assert not problems, "; ".join(problems)
    all_calls_as("calendar", "alice").check()
    all_calls_as("email", "alice").check()
    return True


def service_rows(problems: list[str]) -> list[str]:
    """``problems`` but those of the core's own tables (``_world_marks``: the agent phase's
    marks, which an SDK from before world events counted as changes)."""
    return [p for p in problems if not p.startswith("_")]


def world_mail() -> list[dict]:
    """The messages Dana's mails (the world's deliveries) put in Alice's inbox."""
    ids = {
        change.row_id
        for event in (REPLY, CORRECTION)
        for entry in world_entries("email", event)
        for change in entry.changes
        if change.table == "messages"
    }
    return [m for m in diff_service("email").added("messages") if str(m["id"]) in ids]


if __name__ == "__main__":
    verifier.main()
