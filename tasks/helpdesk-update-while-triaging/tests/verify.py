#!/usr/bin/env python3
"""Verifier of helpdesk-update-while-triaging: Alice triages the three new tickets of the Tier 1
queue by the wiki's rules while, five seconds into her session, Tom Becker adds to his CRM login
ticket that his whole sales team is now locked out (the world's event ``whole-team-blocked``).

Judged on the ticket as it stands when acted on, Tom's ticket is urgent: moved to Technical
Escalations with nobody assigned, and a public reply, posted after his update, telling him it is
escalated and that Technical Escalations will call within the hour (goals). Acted on as first
read, it is high and Alice's: the trap. Priya's flickering monitor is normal and Maria's
signature question low, both Alice's and open, with no reply (goal). Nothing else changed: no
other ticket, no solve, merge or macro, nothing in the wiki, every call as Alice.

What the services did is read by operation and by the audit log's row changes, whatever the
channel (API, MCP tool, web form): no route is looked at, and a row no request wrote (a forged
DB) counts for nothing. The escalation itself (priority and group) must be changed to its
values by a request after the update: set before it, it was a guess, however it is repeated or
replied to later. An agent that finished before the update arrived never saw it and is scored as
one that never looked again: no real triage of three tickets and a wiki page is done in five
seconds."""

from functools import cache
from pathlib import Path

from mock_services.verify import (
    ANY,
    Added,
    AuditEntry,
    Changed,
    ContentRule,
    Decision,
    Result,
    Verifier,
    after_event,
    all_calls_as,
    answered_before,
    attempted,
    event_fired,
    expect_changes,
    mentions,
    never_performed,
    not_as_written,
    performed,
    query,
    reads,
    satisfies,
    writes,
)

verifier = Verifier("helpdesk-update-while-triaging")

EVENT = "whole-team-blocked"
TOM, TOM_CODE = 1102, "TK-1102"
# the other two tickets of the queue: the priority the rules give them; Alice (the user) takes
# both, opened, and they stay in the queue's group
EXPECTED_OTHERS = {1101: "normal", 1103: "low"}  # a nuisance Priya can work with; a question
USER, QUEUE_GROUP, OPENED = "alice", "Tier 1 Support", "open"
EXPECTED_TOM = ("urgent", None, "Technical Escalations")  # priority, assignee, group
ESCALATION = ("priority", "group_id")  # the fields the escalation itself sets
QUEUE = (1101, 1102, 1103)
INSTRUCTION = Path(__file__).resolve().parent.parent / "instruction.md"
REPLY = ContentRule(
    facts={
        "the escalation": ("escalat*",),
        "who takes it": ("Technical Escalations", "escalations team", "escalation team"),
        "when they hear from us": (
            "within the hour",
            "within an hour",
            "within one hour",
            "within 60 minutes",
            "in the next hour",
            "within the next hour",
            "within 1 hour",
            "within 1h",
            "in the next 60 minutes",
            "within the next 60 minutes",
        ),
    },
    not_about={
        "Priya's monitor": ("monitor", "flicker*", "Priya", "TK-1101"),
        "Maria's question": ("signature", "Maria", "TK-1103"),
        "the tickets already worked": ("projector", "export", "TK-1088", "TK-1095"),
        # triage only: the reply does not start working the ticket (the instruction)
        "working the ticket": (
            "cookie*",
            "cache",
            "private window",
            "incognito",
            "screenshot*",
            "clear your",
            "clear their",
            "reset your password",
            "try logging in",
            "try again",
            "restart*",
            "reinstall*",
            # or says it was worked: a fix claimed at triage
            "already reset",
            "i have reset",
            "i've reset",
            "we have reset",
            "already fixed",
            "i have fixed",
            "i've fixed",
        ),
    },
    decision=Decision(
        said=("escalat*", "urgent"),
        opposite=(
            "not urgent",
            "normal priority",
            "high priority",
            "low priority",
            "no need to escalate",
            "cannot escalate",
            "solved",
            "closed",
            "take it myself",
        ),
    ),
    source=INSTRUCTION.read_text() if INSTRUCTION.exists() else None,
    times=(),  # no clock time of its own: "within the hour" is the promise
)


def note_ok(body: str | None) -> bool:
    """An internal note neither says the escalation's opposite ("not really urgent", "no need
    to call") nor that Alice worked the ticket (``REPLY``'s own guard on both)."""
    text = body or ""
    assert REPLY.decision is not None
    opposed = REPLY.decision.opposed(text) or [w for w in NO_CALL if mentions(text, w)]
    worked = [w for w in REPLY.not_about["working the ticket"] if mentions(text, w)]
    return not opposed and not worked


NO_CALL = ("no need to call", "no need to contact", "no call needed", "don't call", "do not call")

DESK_WRITES = ("update_ticket", "add_comment", "solve_ticket", "apply_macro")
FORBIDDEN_DESK = (
    "create_ticket",
    "create_requester",
    "rate_ticket",
    "merge_ticket",
    "solve_ticket",
)
KB_WRITES = (  # every kb operation that changes data
    "create_space",
    "update_space",
    "set_space_permission",
    "remove_space_permission",
    "create_page",
    "update_page",
    "move_page",
    "publish_page",
    "archive_page",
    "delete_page",
    "restore_version",
    "add_comment",
    "resolve_comment",
    "schedule_review",
    "watch_page",
    "unwatch_page",
)


@cache
def agent_id(username: str) -> int:
    (row,) = query("helpdesk", "SELECT id FROM users WHERE username = ?", (username,), seed=True)
    return row["id"]


@cache
def group_id(name: str) -> int:
    (row,) = query("helpdesk", "SELECT id FROM groups WHERE name = ?", (name,), seed=True)
    return row["id"]


@cache
def seeded_ids(service: str, table: str) -> frozenset[int]:
    return frozenset(r["id"] for r in query(service, f"SELECT id FROM {table}", seed=True))


def ticket(ticket_id: int) -> dict:
    (row,) = query("helpdesk", "SELECT * FROM tickets WHERE id = ?", (ticket_id,))
    return row


def on(code: str, entries: list) -> list:
    return [e for e in entries if e.params.get("code") == code]


def the_update() -> object:
    fired = event_fired("helpdesk", EVENT)
    assert fired is not None, (
        "Tom's update never arrived: the session ended before it (nothing was looked at again)"
    )
    return fired


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="Tom's ticket, after his update, is urgent in Technical Escalations with nobody "
    "assigned, its priority and group changed to these by the agent's requests after the update",
)
def tom_escalated() -> bool:
    the_update()
    row = ticket(TOM)
    found = (row["priority"], row["assignee_id"], row["group_id"])
    expected = (EXPECTED_TOM[0], EXPECTED_TOM[1], group_id(EXPECTED_TOM[2]))
    assert found == expected, f"{TOM_CODE} is (priority, assignee id, group id) {found}"
    assert row["status"] in ("new", "open"), f"{TOM_CODE} is {row['status']}"
    behind = not_as_written(
        "helpdesk", "tickets", row, ("priority", "assignee_id", "group_id", "status")
    )
    assert not behind, f"{TOM_CODE}'s {behind} are not as the helpdesk's requests left them"
    last = last_changes(ESCALATION)
    later = after_event("helpdesk", EVENT, last.values())
    guessed = [field for field in ESCALATION if last.get(field) not in later]
    assert not guessed, (
        f"{TOM_CODE}'s {', '.join(guessed)} took their escalated values before Tom's update, "
        "and no request after it changed them: the escalation is a guess made before the "
        "evidence (a write after it that leaves them as they were does not count)"
    )
    unseen = [field for field in ESCALATION if not shown_the_update_before(last[field])]
    assert not unseen, (
        f"{TOM_CODE}'s {', '.join(unseen)} changed after Tom's update but before the "
        "agent was shown it (a read of the ticket, or the answer of an earlier write on it): "
        "a guess timed to come after the update, not a decision on it"
    )
    return True


def shown_the_update_before(act: AuditEntry) -> bool:
    """Whether a request that showed Tom's update (``seen_after_the_update``) was answered
    before ``act`` was sent: sent beside it, not waiting for it, does not count."""
    return any(answered_before(seen, act) for seen in seen_after_the_update())


def last_changes(fields: tuple[str, ...]) -> dict[str, AuditEntry]:
    """For each of ``fields`` of Tom's ticket, the agent's last request that really changed it
    (its recorded row change, old value to new); a field no request changed is left out."""
    last: dict[str, AuditEntry] = {}
    for entry, change in writes("helpdesk", "tickets", TOM):
        if entry.operation not in DESK_WRITES or change.before is None or change.after is None:
            continue  # the world's own writes (Tom's comment) set no field of the agent's
        for field in fields:
            if change.before.get(field) != change.after.get(field):
                last[field] = entry
    return last


@cache
def seen_after_the_update() -> list[AuditEntry]:
    """The agent's requests after Tom's update whose answer showed it: a read of his ticket
    (the API route, its MCP tool or its web page; the seed logs reads) or a write on it (each
    answers the ticket with its comments)."""
    shown = reads("helpdesk", "get_ticket") + performed("helpdesk", *DESK_WRITES)
    return after_event("helpdesk", EVENT, on(TOM_CODE, shown))


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="one public reply of Alice's on Tom's ticket, posted after his update, says it is "
    "escalated to Technical Escalations, who will be in touch within the hour",
)
def tom_told() -> bool:
    the_update()
    new = [
        c
        for c in query(
            "helpdesk", "SELECT * FROM comments WHERE ticket_id = ? AND public = 1", (TOM,)
        )
        if c["id"] not in seeded_ids("helpdesk", "comments") and c["author_id"] is not None
    ]
    assert len(new) == 1, f"{len(new)} new public replies on {TOM_CODE}, expected one"
    (reply,) = new
    assert reply["author_id"] == agent_id(USER), "the reply is not Alice's"
    posted = {
        change.row_id
        for entry in after_event(
            "helpdesk", EVENT, on(TOM_CODE, performed("helpdesk", *DESK_WRITES))
        )
        for change in entry.changes
        if change.table == "comments" and change.action == "insert"
    }
    assert str(reply["id"]) in posted, (
        f"the reply on {TOM_CODE} was not posted after Tom's update by a request of the helpdesk"
    )
    (posting,) = [
        entry
        for entry in performed("helpdesk", *DESK_WRITES)
        for change in entry.changes
        if change.table == "comments" and change.row_id == str(reply["id"])
    ]
    assert shown_the_update_before(posting), (
        f"the reply on {TOM_CODE} was sent before the agent was shown Tom's update (a read of "
        "the ticket, or the answer of an earlier write on it): a reply timed to come after it"
    )
    behind = not_as_written("helpdesk", "comments", reply, ("ticket_id", "public", "body"))
    assert not behind, "the reply is not as the helpdesk wrote it"
    REPLY.check(reply["body"], what="the reply to Tom").check()
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="Priya's monitor ticket is normal and Maria's question low, both Alice's, open, "
    "in Tier 1 Support",
)
def others_triaged() -> Result:
    wrong = []
    for ticket_id, priority in EXPECTED_OTHERS.items():
        row = ticket(ticket_id)
        found = (row["priority"], row["assignee_id"], row["status"], row["group_id"])
        expected = (priority, agent_id(USER), OPENED, group_id(QUEUE_GROUP))
        behind = not_as_written(
            "helpdesk", "tickets", row, ("priority", "assignee_id", "status", "group_id")
        )
        if found != expected or behind:
            wrong.append(f"TK-{ticket_id} is (priority, assignee, status, group) {found}")
    score = 1 - len(wrong) / len(EXPECTED_OTHERS)
    return Result(score, "; ".join(wrong) or "both triaged")


@verifier.checkpoint(
    weight=3,
    rationale="nothing else changed: no reply on the other tickets, no other ticket touched, no "
    "solve, merge or macro, the wiki as it was, every call as Alice",
)
def nothing_else_changed() -> bool:
    tom_update = event_fired("helpdesk", EVENT)
    moved = {"priority": ANY, "assignee_id": ANY, "status": ANY, "group_id": ANY}
    expect_changes(
        "helpdesk",
        [
            Changed("tickets", match={"id": 1101}, fields={**moved, "updated_at": ANY}),
            Changed("tickets", match={"id": 1103}, fields={**moved, "updated_at": ANY}),
            Changed(
                "tickets",
                match={"id": TOM},
                fields={**moved, "updated_at": ANY, "first_reply_at": ANY},
            ),
            # Tom's own update, written by the world
            Added(
                "comments",
                match={"ticket_id": TOM, "author_id": None},
                others=ANY,
                count=1 if tom_update else 0,
            ),
            Added(
                "comments",
                match={"ticket_id": TOM, "public": True, "author_id": agent_id(USER)},
                others=ANY,
            ),
            # internal notes of Alice's on the queue's tickets are harmless, unless one says
            # the opposite of the escalation or that the ticket was worked
            Added(
                "comments",
                match={"ticket_id": lambda v: v in QUEUE, "public": False},
                fields={
                    "author_id": agent_id(USER),
                    "body": satisfies("no opposite of the escalation, no work claimed", note_ok),
                },
                others=ANY,
                count=None,
            ),
        ],
    ).check()
    never_performed("helpdesk", *FORBIDDEN_DESK, "apply_macro").check()
    elsewhere = [
        f"{e.operation} on {e.params.get('code')}"
        for e in attempted("helpdesk", *DESK_WRITES)
        if e.params.get("code") not in {f"TK-{t}" for t in QUEUE}
    ]
    assert not elsewhere, "tickets outside the queue were acted on: " + "; ".join(elsewhere)
    expect_changes("kb").check()
    never_performed("kb", *KB_WRITES).check()
    all_calls_as("helpdesk", USER).check()
    all_calls_as("kb", USER).check()
    return True


if __name__ == "__main__":
    verifier.main()
