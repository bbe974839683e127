#!/usr/bin/env python3
"""Verifier of todo-deadlines-from-email: the existing partner-deck task is moved to Klaus's
new deadline, the same instant as 17:00 in Berlin (goal); the data processing agreement he asks
for is a new open task in the Work list, due on the Friday (goal); and nothing else changed:
no duplicate deck task, nothing for the webinar, no reminder, no other task, and in the mail
app at most messages marked read."""

import json
from datetime import date
from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    ContentRule,
    Verifier,
    check_operations,
    contradicting_days,
    expect_changes,
    never_performed,
    query,
    satisfies,
)

verifier = Verifier("todo-deadlines-from-email")

DECK_TITLE = "Send partner deck to Klaus"
EXPECTED_DECK_DUE_UTC = "2026-03-04 16:00:00"  # Wednesday 17:00 in Berlin
EXPECTED_AGREEMENT_DUE_DATE = "2026-03-06"
# Friday 6 March in Berlin, as UTC moments: after the start of that day, up to its end
AGREEMENT_DAY_UTC = ("2026-03-05 23:00:00", "2026-03-06 23:00:00")
WORK_LIST = 1  # alice's Work list
# every mail operation that sends, drafts, moves, deletes, labels or files: only reading and
# marking read (update_flags, bulk_action; their effect is checked on the rows) are allowed
FORBIDDEN_MAIL = (
    "send_message",
    "reply",
    "reply_all",
    "forward",
    "create_draft",
    "update_draft",
    "send_draft",
    "delete_draft",
    "move_message",
    "trash_message",
    "restore_message",
    "delete_forever",
    "empty_trash",
    "add_label",
    "remove_label",
    "create_folder",
    "delete_folder",
    "rename_folder",
    "create_label",
    "update_label",
    "delete_label",
)
check_operations("email", *FORBIDDEN_MAIL)
DECK_DAY = date(2026, 3, 4)
AGREEMENT_DAY = date(2026, 3, 6)
MAIL_DATE = "2 march"  # today, the date of Klaus's latest mail: a note may date it so
# the free text of the two tasks (title, notes, tags): no claim that the work is done, no other
# deadline (a sentence naming another day and not the task's own), the webinar Klaus said to
# ignore never made a thing to do, and the deck's 17:00 (Berlin) never given as New York's
NOT_DONE = {
    "a claim the work is done": (
        "already*",
        "nothing left",
        "nothing to do",
        "nothing more to do",
        "no action needed",
        "no further action",
        "has been sent",
        "have sent",
        "was sent",
        "been signed",
        "was signed",
        "is done",
        "all done",
        "completed",
        "taken care of",
    )
}
TASK_TEXT = ContentRule(
    forbids=NOT_DONE,
    forbids_of={
        "the webinar as a thing to do": (
            ("webinar*",),
            ("register*", "sign up", "attend*", "join*", "book*", "also", "todo", "to do"),
        ),
        "the deck's Berlin deadline as New York time": (
            ("New York", "NY", "ET", "EST", "Eastern"),
            ("17:00", "5 pm", "5pm", "5:00 pm"),
        ),
    },
)
DONE_TAGS = ContentRule(
    not_about={
        "a state the open task is not in": (
            "done",
            "sent",
            "completed",
            "complete",
            "finished",
            "closed",
            "cancelled",
            "webinar*",
        )
    }
)


def other_days(text: str | None, day: date) -> list[str]:
    """The sentences of ``text`` that name another day than ``day`` and not ``day`` itself
    (``contradicting_days``), a sentence that only dates the mail ("his mail of 2 March") left
    out."""
    return [
        found
        for found in contradicting_days(text or "", [day])
        if found.split(" in '")[0] != MAIL_DATE
    ]


def text_problems(task: dict, day: date) -> list[str]:
    """What a task's title, notes and tags say against it: a claim it is done, another deadline
    day, the webinar to do, the deck's time as New York's, a tag of a state it is not in."""
    what = f"task {task['id']} ({task['title']!r})"
    tags = json.loads(task["tags"]) if isinstance(task["tags"], str) else task["tags"] or []
    found = [
        f"{what} {field}: {p}"
        for field in ("title", "notes")
        for p in TASK_TEXT.contradictions(task[field]).problems
        + [f"it names a day that is not its deadline ({d})" for d in other_days(task[field], day)]
    ]
    return found + [
        f"{what} tags: {p}" for p in DONE_TAGS.contradictions(" ".join(map(str, tags))).problems
    ]


def _about_agreement(title: object) -> bool:
    text = str(title).casefold()
    return "agreement" in text or "dpa" in text.split()


@cache
def deck_notes() -> str:
    rows = query("todolist", "SELECT notes FROM tasks WHERE title = ?", (DECK_TITLE,), seed=True)
    return str(rows[0]["notes"] or "")


def _kept(notes: object) -> bool:
    """The deck's notes as seeded, or with lines added (what they say is deck_moved's)."""
    return deck_notes() in str(notes or "")


@cache
def deck_id() -> int:
    rows = query("todolist", "SELECT id FROM tasks WHERE title = ?", (DECK_TITLE,), seed=True)
    return rows[0]["id"]


@cache
def added_tasks() -> list[dict]:
    seeded = query("todolist", "SELECT max(id) AS top FROM tasks", seed=True)[0]["top"]
    return query("todolist", "SELECT * FROM tasks WHERE id > ?", (seeded,))


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the deck task is due at Klaus's new deadline, his time, and its text gives no "
    "other deadline and no claim it is done",
)
def deck_moved() -> bool:
    rows = query("todolist", "SELECT * FROM tasks WHERE id = ?", (deck_id(),))
    assert rows, "the partner-deck task is gone"
    (deck,) = rows
    assert deck["status"] == "open", deck["status"]
    assert str(deck["due_at"]).startswith(EXPECTED_DECK_DUE_UTC), (
        f"due {deck['due_date']} {deck['due_time']} {deck['timezone']} ({deck['due_at']} UTC)"
    )
    said = text_problems(deck, DECK_DAY)
    assert not said, "; ".join(said)
    return True


def _due_on_the_friday(task: dict) -> bool:
    """Due on Friday 6 March: a moment within that day in Berlin (his time, whatever zone the
    task is written in), or that calendar day with no time of day."""
    start, end = AGREEMENT_DAY_UTC
    moment = str(task["due_at"] or "")[:19]
    in_berlin = start < moment <= end
    date_only = task["due_date"] == EXPECTED_AGREEMENT_DUE_DATE and task["due_time"] is None
    return in_berlin or date_only


@cache
def alice_id() -> int:
    (row,) = query("todolist", "SELECT id FROM users WHERE username = 'alice'", seed=True)
    return int(row["id"])


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the agreement is an open Work task due on the Friday, Alice's own (unassigned or "
    "assigned to her: Klaus needs it from her), its text giving no other deadline, no claim it "
    "is done and no webinar to attend",
)
def agreement_added() -> bool:
    found = [t for t in added_tasks() if _about_agreement(t["title"])]
    assert found, f"no new task about the agreement among {[t['title'] for t in added_tasks()]}"
    right = [
        t
        for t in found
        if t["list_id"] == WORK_LIST
        and t["status"] == "open"
        and _due_on_the_friday(t)
        and t["parent_id"] is None
        and t["assignee_id"] in (None, alice_id())
    ]
    assert right, [
        (t["title"], t["list_id"], t["due_date"], t["due_time"], t["timezone"], t["assignee_id"])
        for t in found
    ]
    said = [text_problems(t, AGREEMENT_DAY) for t in right]
    assert not all(said), "; ".join(p for problems in said for p in problems)
    return True


@verifier.checkpoint(
    weight=3,
    rationale="only those two tasks changed: no duplicate, no webinar task, no reminder; the "
    "deck's notes kept (a line may be added)",
)
def nothing_else_changed() -> bool:
    expect_changes(
        "todolist",
        [
            Changed(
                "tasks",
                match={"id": deck_id()},
                fields={
                    "due_date": ANY,
                    "due_time": ANY,
                    "timezone": ANY,
                    "due_at": ANY,
                    "notes": satisfies("its own notes kept (a line may be added)", _kept),
                },
            ),
            Added(
                "tasks",
                fields={
                    "title": satisfies("about the agreement", _about_agreement),
                    "list_id": WORK_LIST,
                    "status": "open",
                },
                others=ANY,
            ),
        ],
    ).check()
    return True


@verifier.checkpoint(
    weight=3, rationale="in the mail app, at most messages were marked read, through any channel"
)
def mail_untouched() -> bool:
    expect_changes("email", [Changed("messages", count=None, fields={"is_read": True})]).check()
    never_performed("email", *FORBIDDEN_MAIL).check()
    return True


if __name__ == "__main__":
    verifier.main()
