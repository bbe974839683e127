#!/usr/bin/env python3
"""Verifier of helpdesk-callback-booking: a 30-minute call with Tom Becker is in Alice's calendar
at the one free time of his latest availability, with Tom invited (goal); his ticket carries one
public reply of Alice's naming that day and time, and no other (goal), and is on hold (goal); Tom
got the invitation and the reply by mail, nobody else got anything; nothing else changed in the
helpdesk, the calendar or the mail app.

What the services did is read by operation and by the audit log's row changes, whatever the
channel (API, MCP tool, web form): no route is looked at, and a row no request wrote (a forged
DB) counts for nothing."""

from datetime import date, datetime
from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    At,
    Changed,
    ContentRule,
    Decision,
    On,
    Record,
    Result,
    Said,
    Verifier,
    all_calls_as,
    attempted,
    audit_log,
    expect_changes,
    judged_agreement,
    never_performed,
    not_as_written,
    performed,
    query,
    satisfies,
    spelled,
)

verifier = Verifier("helpdesk-callback-booking")

TICKET, TICKET_CODE = 1052, "TK-1052"
TOM = "tom.becker@northwind.example"
# Thursday 12 March, 11:30-12:00 New York time: the one free half hour of Tom's latest windows
EXPECTED_START_UTC = datetime(2026, 3, 12, 15, 30)
EXPECTED_END_UTC = datetime(2026, 3, 12, 16, 0)
STATUS_ASKED = "on-hold"  # the instruction asks for it
CALL_DAY = date(2026, 3, 12)
WITHDRAWN_DAY = date(2026, 3, 11)  # the first offer he withdrew
# what no text beside the call may say: facts about his other ticket, another customer or
# Alice's other appointments; a fix nobody made (the call is to look at the screen sharing);
# a request that undoes the call or the hold
NOT_ABOUT = {
    "his solved VPN ticket": ("VPN", "TK-1031"),
    "another customer": ("Maria", "Gonzalez", "TK-1053", "invoicing"),
    "Alice's other appointments": (
        "Riverside",
        "offsite",
        "quarterly",
        "support review",
        "lunch",
        "Grace",
        "Dave",
        "1:1",
    ),
}
FIX_CLAIM = {
    "that the screen sharing is fixed, which nobody did": (
        "already fixed",
        "have fixed",
        "has fixed",
        "has been fixed",
        "have been fixed",
        "is fixed",
        "is now fixed",
        "now fixed",
        "fixed it",
        "fixed the",
        "repaired",
        "already resolved",
        "has been resolved",
        "is resolved",
        "is now resolved",
        "resolved it",
        "resolved the",
        "sorted it",
        "sorted out the",
        "works again",
        "is working again",
        "works now",
        "now works",
        "is working now",
        "no longer drops",
    ),
}
UNDO = {
    "a request that undoes the call or the hold": (
        "cancel*",
        "call off",
        "delete the",
        "remove the call",
        "solve*",
        "close the",
        "close it",
        "closed",
        "reopen*",
    ),
}
BOOKED = Decision(
    said=("book*", "schedul*", "set up", "confirm*", "invit*", "put", "planned"),
    opposite=("no free", "no slot", "not available", "unavailable", "cancel*", "fully booked"),
)
CALL_TIMES = ("11:30", "12:00")
REPLY = ContentRule(
    facts={
        "the call's day": On(CALL_DAY, weekday=True),
        "the call's start": At(CALL_TIMES[0]),
    },
    not_about={
        **NOT_ABOUT,
        # 11:30 is New York time, his; the same clock time labelled in another zone is not
        "another time zone": ("UTC", "GMT", "Z time", "CET", "Berlin", "London"),
    },
    decision=BOOKED,
    days=(CALL_DAY, WITHDRAWN_DAY),  # his withdrawn Wednesday may be acknowledged
    times=CALL_TIMES,
    forbids=FIX_CLAIM,
)
# the event's title, description and place: the call's own day and times only, his withdrawn
# Wednesday only in a sentence that gives the call's day ("his Wednesday fell through, so...")
EVENT_TEXT = ContentRule(
    not_about=NOT_ABOUT,
    decision=BOOKED,
    days=(CALL_DAY,),
    beside_days=(WITHDRAWN_DAY,),
    times=CALL_TIMES,
    forbids=FIX_CLAIM | UNDO,
)
EVENT_FIELDS = ("title", "description", "location")
# Alice's internal notes and the ticket's tags: as the event's text (a note records the call)
NOTE = EVENT_TEXT
SEEDED_TAGS = ("meeting-room", "video")
HELPDESK_SENDER = "support@example.test"  # the helpdesk's public replies come from it
OWN_MAIL = ("send_message", "reply", "reply_all", "forward", "send_draft", "create_draft")
FORBIDDEN_DESK = (
    "create_ticket",
    "create_requester",
    "rate_ticket",
    "merge_ticket",
    "solve_ticket",
)
# changes to the events already there (the past call with Tom above all), refused ones too
ON_EVENTS = ("update_event", "delete_event", "update_occurrence", "cancel_occurrence", "rsvp")


@cache
def seeded_ids(service: str, table: str) -> frozenset[int]:
    return frozenset(r["id"] for r in query(service, f"SELECT id FROM {table}", seed=True))


def new_rows(service: str, table: str, where: str = "1", args: tuple = ()) -> list[dict]:
    rows = query(service, f"SELECT * FROM {table} WHERE {where}", args)
    return [r for r in rows if r["id"] not in seeded_ids(service, table)]


def inserted_by(service: str, operation: str, table: str, **params: object) -> set[str]:
    """Row ids of ``table`` that a successful ``operation`` (with those path parameters) added."""
    return {
        change.row_id
        for entry in performed(service, operation)
        if all(entry.params.get(k) == v for k, v in params.items())
        for change in entry.changes
        if change.table == table and change.action == "insert"
    }


def as_utc(value: object) -> datetime:
    return datetime.fromisoformat(str(value).replace("Z", "")).replace(tzinfo=None)


@cache
def alice_in(service: str) -> int:
    (row,) = query(service, "SELECT id FROM users WHERE username = 'alice'", seed=True)
    return row["id"]


def the_call() -> dict:
    """The one event added to the calendar and still standing."""
    events = [e for e in new_rows("calendar", "events") if e["status"] != "cancelled"]
    assert len(events) == 1, f"{len(events)} new events stand in the calendar, expected one"
    return events[0]


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one new 30-minute call in Alice's calendar at the free time of Tom's latest "
    "availability, Tom its one guest, created by the calendar; its title, description and place "
    "say nothing against it",
)
def call_booked() -> bool:
    call = the_call()
    (primary,) = query(
        "calendar",
        "SELECT id FROM calendars WHERE owner_id = ? AND is_primary = 1",
        (alice_in("calendar"),),
    )
    assert call["organizer_id"] == alice_in("calendar"), "Alice does not organise the call"
    assert call["calendar_id"] == primary["id"], "the call is not in Alice's own calendar"
    found = (
        as_utc(call["start_at"]),
        as_utc(call["end_at"]),
        call["all_day"],
        call["transparency"],
    )
    expected = (EXPECTED_START_UTC, EXPECTED_END_UTC, 0, "opaque")
    assert found == expected, f"the call is (start, end, all day, transparency) {found} UTC"
    guests = query("calendar", "SELECT * FROM event_attendees WHERE event_id = ?", (call["id"],))
    emails = sorted(g["email"].lower() for g in guests)
    assert emails == [TOM], f"the call's guests are {emails}"
    assert str(call["id"]) in inserted_by("calendar", "create_event", "events"), (
        "the call was created by no request of the calendar"
    )
    behind = not_as_written("calendar", "events", call, ("start_at", "end_at", "status"))
    assert not behind, f"the call's {behind} are not as the calendar's requests left them"
    for name in EVENT_FIELDS:
        EVENT_TEXT.contradictions(call[name], what=f"the call's {name}").check()
    assert all(
        str(g["id"])
        in inserted_by("calendar", "create_event", "event_attendees")
        | inserted_by("calendar", "update_event", "event_attendees")
        for g in guests
    ), "Tom's invitation was written by no request of the calendar"
    return True


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one public reply of Alice's on Tom's ticket names the call's day and start, and "
    "no other day or time, and claims no fix",
)
def reply_gives_time() -> bool:
    replies = new_rows("helpdesk", "comments", "ticket_id = ? AND public = 1", (TICKET,))
    assert len(replies) == 1, f"{len(replies)} new public replies on {TICKET_CODE}, expected one"
    (reply,) = replies
    assert reply["author_id"] == alice_in("helpdesk"), "the reply is not Alice's"
    posted = inserted_by("helpdesk", "add_comment", "comments", code=TICKET_CODE)
    assert str(reply["id"]) in posted, f"the reply was not posted on {TICKET_CODE} by the helpdesk"
    behind = not_as_written("helpdesk", "comments", reply, ("ticket_id", "public", "body"))
    assert not behind, "the reply is not as the helpdesk wrote it"
    REPLY.check(reply["body"], what="the public reply").check()
    return True


@verifier.checkpoint(weight=2, goal=True, rationale="Tom's ticket is on hold")
def ticket_on_hold() -> bool:
    (ticket,) = query("helpdesk", "SELECT * FROM tickets WHERE id = ?", (TICKET,))
    assert ticket["status"] == STATUS_ASKED, f"{TICKET_CODE} is {ticket['status']}"
    behind = not_as_written("helpdesk", "tickets", ticket, ("status",))
    assert not behind, f"{TICKET_CODE}'s status is not as a request of the helpdesk left it"
    return True


@cache
def mailbox(username: str) -> int:
    (row,) = query("email", "SELECT id FROM users WHERE username = ?", (username,), seed=True)
    return row["id"]


def delivered_by_requests() -> set[str]:
    return {
        change.row_id
        for entry in audit_log("email")
        if entry.status in range(200, 400)
        for change in entry.changes
        if change.table == "messages" and change.action == "insert"
    }


@verifier.checkpoint(
    weight=2,
    rationale="Tom's mailbox got the ticket's reply and the calendar's invitation, nobody else "
    "got mail",
)
def tom_got_both() -> bool:
    mails = new_rows("email", "messages", "owner_id = ?", (mailbox("tom"),))
    delivered = delivered_by_requests()
    assert all(str(m["id"]) in delivered for m in mails), (
        "a mail of Tom's was delivered by no request"
    )
    replies = [m for m in mails if m["from_address"] == HELPDESK_SENDER]
    # the calendar's invitation, and its updates when Alice edited the call after creating it
    from_calendar = [m for m in mails if m["from_address"] != HELPDESK_SENDER]
    invitations = [m for m in from_calendar if m["subject"].startswith("Invitation:")]
    assert len(replies) == 1 and len(invitations) == 1, (
        f"Tom's new mail: {[m['subject'] for m in mails]}"
    )
    assert TICKET_CODE in replies[0]["subject"], f"the reply came on {replies[0]['subject']!r}"
    REPLY.check(replies[0]["body"], what="the reply mailed to Tom").check()
    others = [
        m["subject"]
        for user in ("alice", "maria", "dave", "grace")
        for m in new_rows("email", "messages", "owner_id = ?", (mailbox(user),))
    ]
    assert not others, f"other mailboxes got mail: {others}"
    return True


RECORD = Record(
    "Alice booked a 30-minute call with Tom Becker (Northwind Traders, tom.becker@northwind."
    f"example) about the screen sharing that drops in the Harbour meeting room, on "
    f"{spelled(CALL_DAY)}, 11:30 to 12:00 New York time, in her calendar with Tom invited; "
    f"replied on his ticket {TICKET_CODE} with that day and time; and put the ticket on hold.",
    [
        f'Ticket {TICKET_CODE}, "Screen sharing drops in the Harbour meeting room": every time '
        "Tom shares a screen from the Harbour room's display, the call drops after a minute or "
        "two; he asked for a 30-minute call to show what happens (tags meeting-room, video).",
        f"Tom first offered {spelled(WITHDRAWN_DAY)}, 14:00 to 16:00, then withdrew it and "
        "offered Thursday 12 March, 10:00 to 12:00, or Friday 13 March, 15:00 to 17:00, New "
        "York time; 11:30 to 12:00 on Thursday is the one free half hour of those in Alice's "
        "calendar.",
        "Nothing is fixed yet: the call is to look at the problem together.",
    ],
)
"""What Alice did and the ticket's own facts, as the judge reads what she wrote."""


@verifier.checkpoint(
    weight=1,
    goal=True,
    rationale="nothing Alice wrote (the call's title, description and place, her reply, her "
    "internal notes and added tags) says anything against what was done: the content rules "
    "above first, then the LLM judge with the record of it",
)
def nothing_said_against() -> Result:
    events = [e for e in new_rows("calendar", "events") if e["status"] != "cancelled"]
    comments = new_rows("helpdesk", "comments", "ticket_id = ?", (TICKET,))
    (ticket,) = query("helpdesk", "SELECT tags FROM tickets WHERE id = ?", (TICKET,))
    added_tags = [t for t in ticket["tags"] or () if t not in SEEDED_TAGS]
    said = [
        *(Said(f"the call's {n}", e[n], EVENT_TEXT) for e in events for n in EVENT_FIELDS),
        *(
            Said("the public reply", c["body"], REPLY)
            if c["public"]
            else Said("an internal note", c["body"], NOTE)
            for c in comments
        ),
        Said("the tags added to the ticket", " ".join(added_tags), NOTE),
    ]
    return judged_agreement(said, RECORD)


tags_true = satisfies(
    "the ticket's tags, any added one true to the call",
    lambda tags: (
        set(SEEDED_TAGS) <= set(tags or ()) and NOTE.contradictions(" ".join(tags or ())).ok
    ),
)


def is_the_call(event_id: object) -> bool:
    new = {e["id"] for e in new_rows("calendar", "events")}
    return event_id in new


def toms_label(label_id: object) -> bool:
    rows = query("email", "SELECT owner_id FROM labels WHERE id = ?", (label_id,))
    return [r["owner_id"] for r in rows] == [mailbox("tom")]


@verifier.checkpoint(
    weight=3,
    rationale="only the call, the reply and the hold changed (internal notes and added tags true "
    "to the call): no other event, ticket or customer touched, no mail of Alice's own",
)
def nothing_else_changed() -> bool:
    expect_changes(
        "helpdesk",
        [
            Changed(
                "tickets",
                match={"id": TICKET},
                fields={"status": STATUS_ASKED, "updated_at": ANY, "tags": tags_true},
            ),
            Added("comments", match={"ticket_id": TICKET, "public": True}, others=ANY),
            Added(
                "comments",
                match={"ticket_id": TICKET, "public": False},
                fields={
                    "author_id": alice_in("helpdesk"),
                    "body": NOTE.agrees("an internal note true to the call"),
                },
                others=ANY,
                count=None,
            ),
        ],
    ).check()
    new_event = satisfies("the new call", is_the_call)
    expect_changes(
        "calendar",
        [
            Added("events", others=ANY),
            Added("event_attendees", match={"event_id": new_event}, others=ANY, count=None),
            Added("event_reminders", match={"event_id": new_event}, others=ANY, count=None),
        ],
    ).check()
    expect_changes(
        "email",
        [
            Added("messages", match={"owner_id": mailbox("tom")}, others=ANY, count=None),
            Added("labels", match={"owner_id": mailbox("tom")}, others=ANY, count=None),
            Added(
                "message_labels",
                match={"label_id": satisfies("a label of Tom's", toms_label)},
                count=None,
            ),
            Changed(
                "messages",
                match={"owner_id": mailbox("alice")},
                fields={"is_read": ANY},
                count=None,
            ),
        ],
    ).surprises_only().check()
    never_performed("helpdesk", *FORBIDDEN_DESK).check()
    touched = [
        f"call {e.id} {e.operation} via {e.via} on event {e.params.get('event_id')}"
        for e in attempted("calendar", *ON_EVENTS)
        if e.params.get("event_id") in seeded_ids("calendar", "events")
    ]
    assert not touched, "events already there were acted on: " + "; ".join(touched)
    never_performed("email", *OWN_MAIL).check()
    all_calls_as("helpdesk", "alice").check()
    all_calls_as("calendar", "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
