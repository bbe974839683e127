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
    expect_changes,
    never_called,
    query,
    satisfies,
)

verifier = Verifier("todo-deadlines-from-email")

DECK_TITLE = "Send partner deck to Klaus"
EXPECTED_DECK_DUE_UTC = "2026-03-04 16:00:00"  # Wednesday 17:00 in Berlin
EXPECTED_AGREEMENT_DUE_DATE = "2026-03-06"
WORK_LIST = 1  # alice's Work list
FORBIDDEN_MAIL = ("POST /api/*", "DELETE /api/*", "PUT /api/*")


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


@verifier.checkpoint(
    weight=3, goal=True, rationale="the agreement is an open Work task due on the Friday"
)
def agreement_added() -> bool:
    found = [t for t in added_tasks() if _about_agreement(t["title"])]
    assert found, f"no new task about the agreement among {[t['title'] for t in added_tasks()]}"
    assert any(
        t["list_id"] == WORK_LIST
        and t["status"] == "open"
        and t["due_date"] == EXPECTED_AGREEMENT_DUE_DATE
        and t["parent_id"] is None
        for t in found
    ), [(t["title"], t["list_id"], t["due_date"]) for t in found]
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


@verifier.checkpoint(weight=3, rationale="in the mail app, at most messages were marked read")
def mail_untouched() -> bool:
    expect_changes("email", [Changed("messages", count=None, fields={"is_read": True})]).check()
    never_called("email", *FORBIDDEN_MAIL).check()
    return True


if __name__ == "__main__":
    verifier.main()
