#!/usr/bin/env python3
"""Verifier of todo-deadlines-from-email: the existing partner-deck task is moved to Klaus's
new deadline, the same instant as 17:00 in Berlin (goal); the data processing agreement he asks
for is a new open task in the Work list, due on the Friday (goal); and nothing else changed:
no duplicate deck task, nothing for the webinar, no reminder, no other task, and in the mail
app at most messages marked read."""

from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    Verifier,
    check_operations,
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


def _about_agreement(title: object) -> bool:
    text = str(title).casefold()
    return "agreement" in text or "dpa" in text.split()


@cache
def deck_id() -> int:
    rows = query("todolist", "SELECT id FROM tasks WHERE title = ?", (DECK_TITLE,), seed=True)
    return rows[0]["id"]


@cache
def added_tasks() -> list[dict]:
    seeded = query("todolist", "SELECT max(id) AS top FROM tasks", seed=True)[0]["top"]
    return query("todolist", "SELECT * FROM tasks WHERE id > ?", (seeded,))


@verifier.checkpoint(
    weight=3, goal=True, rationale="the deck task is due at Klaus's new deadline, his time"
)
def deck_moved() -> bool:
    rows = query("todolist", "SELECT * FROM tasks WHERE id = ?", (deck_id(),))
    assert rows, "the partner-deck task is gone"
    (deck,) = rows
    assert deck["status"] == "open", deck["status"]
    assert str(deck["due_at"]).startswith(EXPECTED_DECK_DUE_UTC), (
        f"due {deck['due_date']} {deck['due_time']} {deck['timezone']} ({deck['due_at']} UTC)"
    )
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
    "assigned to her: Klaus needs it from her)",
)
def agreement_added() -> bool:
    found = [t for t in added_tasks() if _about_agreement(t["title"])]
    assert found, f"no new task about the agreement among {[t['title'] for t in added_tasks()]}"
    assert any(
        t["list_id"] == WORK_LIST
        and t["status"] == "open"
        and _due_on_the_friday(t)
        and t["parent_id"] is None
        and t["assignee_id"] in (None, alice_id())
        for t in found
    ), [
        (t["title"], t["list_id"], t["due_date"], t["due_time"], t["timezone"], t["assignee_id"])
        for t in found
    ]
    return True


@verifier.checkpoint(
    weight=3,
    rationale="only those two tasks changed: no duplicate, no webinar task, no reminder",
)
def nothing_else_changed() -> bool:
    expect_changes(
        "todolist",
        [
            Changed(
                "tasks",
                match={"id": deck_id()},
                fields={"due_date": ANY, "due_time": ANY, "timezone": ANY, "due_at": ANY},
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
