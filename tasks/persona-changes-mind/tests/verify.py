#!/usr/bin/env python3
"""Verifier of persona-changes-mind.

Tom asks Alice for half an hour this week about the Q2 budget. Tom is a persona of the world:
asked by mail (any channel) what time suits him, he answers Thursday 15:00 (rule ``time``); the
next mail he gets from Alice (her confirmation, as the instruction asks) brings his change of
plan, Friday 11:00 (rule ``changes-mind``, from his second answer on); after that he is
settled. The goals: the agent asked him before booking anything; the call ends at his last
word, Friday 11:00-11:30, put there after he said so, its description and place
giving no other day or time (Thursday only as what it was), with only Tom invited; and Alice
confirmed Friday 11:00 to him after his change, and nothing besides: no other time held open, no
other meeting's or person's plans. Then nothing else changed: only the call (and
a cancelled first booking, if the agent remade it) in the calendar, no seeded event touched,
mail to Tom only, every call as Alice. Times are instants relative to the seed's clock.
"""

import re
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo

from mock_services.verify import (
    ANY,
    Added,
    ContentRule,
    Decision,
    Findings,
    Verifier,
    acted_unread,
    audit_log,
    diff_service,
    expect_changes,
    logged_before,
    mailbox_ids,
    never_performed,
    performed,
    persona_answered,
    query,
    satisfies,
    seed_time,
    sender_words,
    writes,
)

verifier = Verifier("persona-changes-mind")

EXPECTED_START = "+4d 11:00"  # Friday, Alice's zone (New York): Tom's last word
LENGTH = timedelta(minutes=30)
TITLE = "Q2 budget review"
TOM = "tom@example.test"
BOOKING = ("create_event", "update_event", "delete_event")
FORBIDDEN_CALENDAR = (
    "update_occurrence",
    "cancel_occurrence",
    "rsvp",
    "create_calendar",
    "update_calendar",
    "delete_calendar",
    "share_calendar",
    "unshare_calendar",
    "update_profile",
)
FORBIDDEN_EMAIL = ("trash_message", "delete_forever", "empty_trash", "bulk_action", "move_message")
# what Alice's last word to Tom must say: the day and time he settled on
CONFIRMATION = {
    "the day": ("Friday", "13 March", "March 13", "Mar 13", "13 Mar"),
    "the time": ("11:00", "11am", "11 am", "11 a.m.", "11.00", "11 o'clock"),
}
# the clock times a mail about the call may name: Friday's, and Thursday's only as what it was
# ("moved from 15:00"); another time is another meeting's, or the call misstated
CALL_TIMES = ("11:00", "11:30", "15:00", "15:30")
# other people's plans and Alice's other meetings: nothing Tom asked about
OTHERS = {
    "Alice's other meetings": ("standup", "design critique", "sprint demo"),
    "other people": ("Bob", "Carol"),
}
# the decision it announces: the call is (now) on Friday, not "Friday does not work, keep Thursday"
MOVED = (
    "mov*",
    "rebook*",
    "book*",
    "chang*",
    "updat*",
    "done",
    "confirm*",
    "set",
    "schedul*",
    "calendar",
    "works",
    "see you",
    "invit*",
    "no problem",
    "sure",
    "of course",
    "fine",
    "perfect",
    "great",
    "noted",
    "ok",
    "okay",
)
KEPT = (
    "doesn't work for me",
    "does not work for me",
    "won't work for me",
    "can't do friday",
    "cannot do friday",
    "keep it on thursday",
    "keep thursday",
    "keep the call on thursday",
    "keep the q2 budget review on thursday",
    "stays on thursday",
    "stay on thursday",
    "remains on thursday",
    "remain on thursday",
)
OLD = ("thursday", "12 march", "march 12", "mar 12", "12 mar", "15:00", "3pm", "3 pm", "3 p.m.")
NEW = ("friday", "13 march", "march 13", "mar 13", "13 mar", "11:00", "11am", "11 am", "11 a.m.")
_FROM_TO = re.compile(r"\bfrom\b([^.!?\n]{0,80}?)\bto\b([^.!?\n]{0,60})")
_WEEKDAY_DATE = re.compile(
    r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday),?\s+(?:the\s+)?"
    r"(?:(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"[a-z]*\.?|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?!\d))"
)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# the days an event's text may name: Friday, and Thursday only as what it was ("moved from
# Thursday"): a sentence naming Thursday without Friday or a word of the past gives the old day
THURSDAY = re.compile(r"\b(?:thursday|12(?:th)? (?:of )?mar\w*|mar\w* 12(?:th)?)\b")
FRIDAY = re.compile(r"\b(?:friday|13(?:th)? (?:of )?mar\w*|mar\w* 13(?:th)?)\b")
WAS = re.compile(
    r"\b(?:was|were|had been|originally|original|planned|first|previous\w*|earlier|old|from"
    r"|instead|no longer|mov\w+|rebook\w*|chang\w+|resched\w+)\b"
)
# the agent's prompt, uploaded with the tests: no mail may be a copy of it
INSTRUCTION = Path(__file__).with_name("instruction.md")


def utc(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=ZoneInfo("UTC"))


def expected_start() -> datetime:
    return seed_time("calendar").at(EXPECTED_START)


@cache
def alice_calendar() -> dict:
    (user,) = query("calendar", "SELECT id FROM users WHERE username = 'alice'")
    (calendar,) = query(
        "calendar", "SELECT id FROM calendars WHERE owner_id = ? AND is_primary", [user["id"]]
    )
    return {"user_id": user["id"], "calendar_id": calendar["id"]}


@cache
def new_events() -> list[dict]:
    return diff_service("calendar").added("events")


def the_call() -> dict:
    live = [e for e in new_events() if e["status"] != "cancelled"]
    assert len(live) == 1, f"{len(live)} live new events (expected exactly one call)"
    return live[0]


def change_of_plan():  # -> AuditEntry
    change = persona_answered("email", "tom", "changes-mind")
    assert change is not None, "Tom's change of plan never came (no mail to him after his answer)"
    return change


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="Tom was asked what time suits him, and named one, before anything was booked",
)
def asked_tom_first() -> bool:
    # his first time named: by rule `time`, or his change of plan when two mails he could not
    # place came first (from his second answer on, that rule answers any mail)
    named = [persona_answered("email", "tom", rule) for rule in ("time", "changes-mind")]
    named = [a for a in named if a is not None]
    assert named, "Tom was never asked what time suits him"
    answer = min(named, key=lambda a: a.logged_ns or 0)
    bookings = performed("calendar", *BOOKING)
    assert bookings, "nothing was booked"
    early = [b for b in bookings if not logged_before(answer, b)]
    assert not early, f"{len(early)} booking call(s) before Tom named a time"
    unread = acted_unread("email", answer, bookings)
    assert not unread, (
        f"{len(unread)} booking call(s) before the agent read Tom's answer (the mail, its "
        "thread or the mailbox's list): a guess timed after the question"
    )
    return True


def event_text_rule() -> ContentRule:
    """What the call's own description and place may say: Friday 11:00-11:30, Thursday 15:00
    only as what it was, nothing of other meetings or people."""
    friday = expected_start().astimezone(ZoneInfo("America/New_York")).date()
    return ContentRule(
        not_about=OTHERS,
        days=[friday - timedelta(days=1), friday],
        times=(*CALL_TIMES, "03:00", "03:30"),  # Thursday's also as "3:00" without pm
        stale={"15:00": ("11:00",), "15:30": ("11:00", "11:30")},
        moved=("15:00", "11:00"),
    )


def event_text_problems(call: dict) -> list[str]:
    """What the call's description and place say against it: another day or time, the old
    one as if it held, other meetings or people."""
    problems = []
    for field in ("description", "location"):
        text = call[field] or ""
        found = list(event_text_rule().contradictions(text, what=f"its {field}").problems)
        found += [
            f"it gives Thursday as the day ({sentence.strip()!r})"
            for sentence in re.split(r"[.!?;\n]", text.lower())
            if THURSDAY.search(sentence)
            and not FRIDAY.search(sentence)
            and not WAS.search(sentence)
        ]
        if bad := mismatched_weekdays(text):
            found.append(f"it names a weekday that is not its date's ({', '.join(bad)})")
        problems += [f"its {field} {p.removeprefix('it ')}" for p in found]
    return problems


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one call, Q2 budget review, at Tom's last word (Friday 11:00-11:30), put there "
    "after he changed his plan, which came once his first time was booked; its description "
    "and place give no other day or time (Thursday 15:00 only as what it was)",
)
def call_at_his_last_word() -> bool:
    call = the_call()
    start, end = utc(call["start_at"]), utc(call["end_at"])
    problems = []
    if (start, end - start) != (expected_start(), LENGTH):
        problems.append(f"is at {start:%a %H:%M} UTC for {end - start}")
    if call["title"].strip() != TITLE:
        problems.append(f"is called {call['title']!r}")
    last, _change = writes("calendar", "events", call["id"])[-1]
    if last.via == "world" or last.operation not in ("create_event", "update_event"):
        problems.append(f"was last written by {last.operation} ({last.via})")
    elif not logged_before(change_of_plan(), last):
        problems.append("was last set before Tom changed his plan")
    elif acted_unread("email", change_of_plan(), [last]):
        problems.append("was last set before the agent read Tom's change of plan")
    # his change answers the confirmation of a booking: one that was never made (a "done" sent
    # before anything was booked) skips the stale booking the task is about
    if not any(logged_before(b, change_of_plan()) for b in performed("calendar", "create_event")):
        problems.append("was first booked only after Tom changed his plan")
    problems += event_text_problems(call)
    assert not problems, "the call " + "; ".join(problems)
    return True


@verifier.checkpoint(weight=2, goal=True, rationale="Tom is invited to the call, and nobody else")
def tom_invited() -> bool:
    rows = query("calendar", "SELECT * FROM event_attendees WHERE event_id = ?", [the_call()["id"]])
    invited = {r["email"].lower() for r in rows}
    assert invited == {TOM}, f"invited: {sorted(invited)}"
    return True


def sent_by_alice() -> list[dict]:
    ids = mailbox_ids()
    return [
        m
        for m in diff_service("email").added("messages")
        if m["owner_id"] == ids["alice"] and m["folder_id"] == ids["alice/sent"]
    ]


def confirmation_rule() -> ContentRule:
    return ContentRule(
        facts=CONFIRMATION,
        not_about=OTHERS,
        decision=Decision(said=MOVED, opposite=KEPT),
        times=CALL_TIMES,
        stale={"15:00": ("11:00",), "15:30": ("11:00", "11:30")},
        moved=("15:00", "11:00"),
        source=INSTRUCTION.read_text(),
    )


def backwards(text: str) -> bool:
    """Whether ``text`` states the move the wrong way round: from Friday / 11:00 to Thursday /
    15:00 ("from Friday 13 March at 11:00 to Thursday 12 March at 15:00")."""
    folded = text.lower()
    return any(
        any(n in m.group(1) for n in NEW)
        and any(o in m.group(2) for o in OLD)
        and not any(n in m.group(2) for n in NEW)
        for m in _FROM_TO.finditer(folded)
    )


def mismatched_weekdays(text: str) -> list[str]:
    """Weekday-and-date pairs whose weekday is not that date's ("Thursday 13 March")."""
    year = expected_start().year
    wrong = []
    for m in _WEEKDAY_DATE.finditer(text.lower()):
        day, month = (m.group(2), m.group(3)) if m.group(2) else (m.group(5), m.group(4))
        try:
            real = datetime(year, _MONTHS.index(month) + 1, int(day)).weekday()
        except ValueError:
            wrong.append(m.group(0))
            continue
        if _WEEKDAYS[real] != m.group(1):
            wrong.append(m.group(0))
    return wrong


def confirmation_problems(text: str) -> Findings:
    found = confirmation_rule().check(text, what="the mail")
    problems = list(found.problems)
    if backwards(text):
        problems.append("it states the move backwards (from Friday 11:00 to Thursday 15:00)")
    if bad := mismatched_weekdays(text):
        problems.append(f"it names a weekday that is not its date's ({', '.join(bad)})")
    return Findings(found.rule, problems)


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="after Tom's change, Alice mailed him the time he settled on (Friday, 11:00), in "
    "her own words, with no other time held open and nothing of other meetings or people",
)
def confirmed_his_time() -> bool:
    change = change_of_plan()
    after = [
        e
        for e in performed("email", "send_message", "reply", "reply_all", "forward", "send_draft")
        if logged_before(change, e)
    ]
    assert after, "no mail sent after Tom's change of plan"
    ids = mailbox_ids()
    texts = [
        sender_words(row)
        for entry in after
        for change in entry.changes
        if change.table == "messages"
        for row in query("email", "SELECT * FROM messages WHERE id = ?", [change.row_id])
        if (row["owner_id"], row["folder_id"]) == (ids["alice"], ids["alice/sent"])
        and TOM in {a.lower() for a in row["to_addresses"]}
    ]
    # his mail quoted below is his, but only a true copy of it: a made-up quote is Alice's
    found = [confirmation_problems(t) for t in texts]
    assert any(f.ok for f in found), "; ".join(f.detail() for f in found) or "none to Tom"
    return True


def changes_as_expected(service: str, expected: list) -> Findings:
    """``expect_changes``, less the rows of the world's own marks table (``_world_marks``:
    when the agent phase started), which the runner writes, not the agent; newer SDKs leave
    that table out of every diff themselves."""
    report = expect_changes(service, expected)
    return Findings(report.rule, [p for p in report.problems if "_world_marks[" not in p])


def calls_as(service: str, username: str) -> Findings:
    """Every call of the agent's made as ``username``: the world's (Tom's answers, made as
    Tom) are not the agent's; newer SDKs' ``all_calls_as`` leave them out themselves."""
    others = [
        f"call {e.id} {e.operation} as {e.username}"
        for e in audit_log(service)
        if e.via != "world" and e.username is not None and e.username != username
    ]
    return Findings(f"{service}: every call as {username}", others)


@verifier.checkpoint(
    weight=3,
    rationale="only the call (and a cancelled first booking of it) added to the calendar, no "
    "seeded event touched; mail to Tom only, none a copy of the instruction; every call as "
    "Alice",
)
def nothing_else_changed() -> bool:
    start = expected_start()
    ids = alice_calendar()
    new_ids = {e["id"] for e in new_events()}
    changes_as_expected(
        "calendar",
        [
            Added(
                "events",
                match={"status": "confirmed"},
                fields={
                    "calendar_id": ids["calendar_id"],
                    "organizer_id": ids["user_id"],
                    "title": ANY,
                    "description": ANY,
                    "location": ANY,
                    "start_at": satisfies(f"{start:%a %H:%M} UTC", lambda v: utc(v) == start),
                    "end_at": satisfies("30 minutes on", lambda v: utc(v) == start + LENGTH),
                    "timezone": ANY,
                    "all_day": 0,
                    "transparency": "opaque",
                    "recurrence_interval": 1,
                    "created_at": ANY,
                    "updated_at": ANY,
                },
            ),
            Added(
                "events",
                match={"status": "cancelled", "calendar_id": ids["calendar_id"]},
                fields={},
                others=ANY,
                count=None,
            ),
            Added(
                "event_attendees",
                fields={
                    "event_id": satisfies("a new event", lambda v: v in new_ids),
                    "email": satisfies("Tom", lambda v: v.lower() == TOM),
                    "user_id": ANY,
                    "rsvp_status": ANY,
                    "optional": 0,
                    "hidden": 0,
                    "responded_at": ANY,
                },
                count=None,
            ),
        ],
    ).check()
    never_performed("calendar", *FORBIDDEN_CALENDAR).check()
    never_performed("email", *FORBIDDEN_EMAIL).check()
    problems = []
    for m in sent_by_alice():
        to = {a.lower() for a in m["to_addresses"] + m["cc_addresses"] + m["bcc_addresses"]}
        if to != {TOM}:
            problems.append(f"{m['subject']!r} went to {sorted(to)}")
        if not ContentRule(source=INSTRUCTION.read_text()).check(sender_words(m)).ok:
            problems.append(f"{m['subject']!r} copies the instruction")
    assert not problems, "; ".join(problems)
    calls_as("calendar", "alice").check()
    calls_as("email", "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
