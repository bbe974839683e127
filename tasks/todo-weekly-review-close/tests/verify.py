#!/usr/bin/env python3
"""Verifier of todo-weekly-review-close: the open tasks that the latest weekly review reports as
done are completed through the todo app (goal), the look-alikes and what an older review
mentions stay open (goal), the weekly chore comes back for next week, and the todolist changed
field by field exactly as those completions change it, with nothing deleted, edited or
reopened on the way."""

from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    Removed,
    Verifier,
    check_operations,
    expect_changes,
    never_performed,
    one_of,
    performed,
    query,
)

verifier = Verifier("todo-weekly-review-close")

EXPECTED_COMPLETED = (
    "Renew SSL certificate for status page",
    "Expense report for Berlin trip",
    "Water the plants",
    "Pick up dry cleaning",
    "Call mom",
)
LOOKALIKES = (
    "Expense report for Munich trip",
    "Renew SSL certificate for the API gateway",
    "Book venue for team offsite",  # an older review mentions the venue shortlist
    "Send Q1 board deck to Maria",
)
EXPECTED_NEXT_WATERING = "2026-03-11"  # weekly, from its due date 4 March
ALICE = 1
# what the instruction forbids, even when undone before the end, through any channel: every
# operation that changes the todo app but completing a task
FORBIDDEN = (
    "create_task",
    "update_task",
    "delete_task",
    "reopen_task",
    "add_reminder",
    "delete_reminder",
    "dispatch_reminders",
    "dispatch_all",
    "create_list",
    "update_list",
    "delete_list",
    "create_note",
    "update_note",
    "delete_note",
    "create_folder",
    "update_folder",
    "delete_folder",
    "update_profile",
)
check_operations("todolist", *FORBIDDEN)


@cache
def seeded_ids() -> dict[str, int]:
    rows = query("todolist", "SELECT id, title FROM tasks WHERE parent_id IS NULL", seed=True)
    return {r["title"]: r["id"] for r in rows}


def task(task_id: int, *, seed: bool = False) -> dict | None:
    rows = query("todolist", "SELECT * FROM tasks WHERE id = ?", (task_id,), seed=seed)
    return rows[0] if rows else None


@cache
def completed_through_the_app() -> set[int]:
    """Tasks a successful completion changed, by the audit log (API, MCP tool or web form)."""
    return {
        int(change.row_id)
        for entry in performed("todolist", "complete_task")
        for change in entry.changes
        if change.table == "tasks" and change.action == "update"
    }


@verifier.checkpoint(
    weight=4, goal=True, rationale="each task the review reports as done is completed"
)
def reviewed_tasks_completed() -> float:
    done = []
    for title in EXPECTED_COMPLETED:
        row = task(seeded_ids()[title])
        done.append(
            row is not None
            and row["status"] == "completed"
            and seeded_ids()[title] in completed_through_the_app()
        )
    return sum(done) / len(done)


@verifier.checkpoint(
    weight=2, goal=True, rationale="look-alikes and older-review items stay open and as seeded"
)
def lookalikes_open() -> bool:
    changed = [
        title
        for title in LOOKALIKES
        if task(seeded_ids()[title]) != task(seeded_ids()[title], seed=True)
    ]
    assert not changed, f"changed: {changed}"
    return True


@verifier.checkpoint(weight=1, rationale="the weekly watering comes back, due a week later")
def next_watering_scheduled() -> bool:
    rows = query(
        "todolist",
        "SELECT due_date FROM tasks WHERE title = 'Water the plants' AND status = 'open'",
    )
    assert [r["due_date"] for r in rows] == [EXPECTED_NEXT_WATERING], rows
    return True


def expected_changes() -> list[Changed | Added | Removed]:
    ids = [seeded_ids()[title] for title in EXPECTED_COMPLETED]
    return [
        Changed(
            "tasks",
            match={"id": one_of(*ids)},
            count=len(ids),
            fields={"status": "completed", "completed_at": ANY, "completed_by_id": ALICE},
        ),
        Added(
            "tasks",
            fields={
                "title": "Water the plants",
                "status": "open",
                "due_date": EXPECTED_NEXT_WATERING,
            },
            others=ANY,
        ),
        # completing a task drops its scheduled reminders (the SSL renewal had one)
        Removed("reminders", match={"task_id": one_of(*ids)}, fields={}, count=1),
    ]


@verifier.checkpoint(
    weight=3, rationale="only those completions happened, and nothing forbidden was attempted"
)
def nothing_else_changed() -> bool:
    expect_changes("todolist", expected_changes()).check()
    never_performed("todolist", *FORBIDDEN).check()
    return True


if __name__ == "__main__":
    verifier.main()
