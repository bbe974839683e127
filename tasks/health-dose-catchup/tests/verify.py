#!/usr/bin/env python3
"""Verifier of health-dose-catchup: today's 08:00 doses without a mark (Metformin,
Levothyroxine) are marked taken and yesterday's 20:00 Metformin, wrongly marked taken, now says
skipped, all through the health app (goals); no other dose mark or medication changed (the
08:30 Omeprazole, yesterday's 21:00 Atorvastatin and today's already marked Lisinopril are
look-alikes)."""

from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Removed,
    Verifier,
    check_operations,
    expect_changes,
    never_performed,
    one_of,
    performed,
    query,
)

verifier = Verifier("health-dose-catchup")

# The medications with a dose at 08:00 today and no mark yet; the one the instruction names
# for yesterday evening. Times are UTC: 08:00 Paris today, 20:00 Paris yesterday.
MORNING = ("Metformin", "Levothyroxine")
EVENING = "Metformin"
EXPECTED_MORNING_AT = "2026-03-02 07:00:00.000000"
EXPECTED_EVENING_AT = "2026-03-01 19:00:00.000000"
EXPECTED_TAKEN = tuple((name, EXPECTED_MORNING_AT) for name in MORNING)
SKIPPED = (EVENING, EXPECTED_EVENING_AT)
# the medications themselves, through any channel
FORBIDDEN = ("add_medication", "update_medication", "stop_medication")
check_operations("health", *FORBIDDEN)


@cache
def medication_ids() -> dict[str, int]:
    rows = query(
        "health",
        "SELECT m.id, m.name FROM medications m JOIN users u "
        "ON u.id = m.user_id WHERE u.username = 'bob'",
    )
    return {r["name"]: r["id"] for r in rows}


def mark(name: str, at: str, *, seed: bool = False) -> dict | None:
    rows = query(
        "health",
        "SELECT * FROM dose_logs WHERE medication_id = ? AND scheduled_at = ?",
        (medication_ids()[name], at),
        seed=seed,
    )
    return rows[0] if rows else None


def marked_through_the_app(row: dict) -> bool:
    """The mark ``row`` was recorded by the app (API, MCP tool or web form), by the audit log."""
    return any(
        change.table == "dose_logs"
        and change.action == "insert"
        and change.row_id == str(row["id"])
        for entry in performed("health", "record_dose")
        for change in entry.changes
    )


@verifier.checkpoint(weight=3, goal=True, rationale="this morning's unmarked 08:00 doses are taken")
def morning_doses_taken() -> float:
    done = [
        (row := mark(name, at)) is not None
        and row["status"] == "taken"
        and marked_through_the_app(row)
        for name, at in EXPECTED_TAKEN
    ]
    return sum(done) / len(done)


@verifier.checkpoint(weight=2, goal=True, rationale="yesterday's evening Metformin says skipped")
def evening_dose_skipped() -> bool:
    row = mark(*SKIPPED)
    assert row is not None, "yesterday's 20:00 Metformin has no mark"
    assert row["status"] == "skipped", f"yesterday's 20:00 Metformin is {row['status']}"
    assert marked_through_the_app(row), "not marked through the health app"
    return True


@verifier.checkpoint(
    weight=3, rationale="only those three marks changed; no medication was added or changed"
)
def nothing_else_changed() -> bool:
    wrong_mark = mark(*SKIPPED, seed=True)
    assert wrong_mark is not None
    ids = medication_ids()
    expect_changes(
        "health",
        [
            Removed("dose_logs", match={"id": wrong_mark["id"]}),
            Added(
                "dose_logs",
                match={"scheduled_at": EXPECTED_TAKEN[0][1]},
                count=len(EXPECTED_TAKEN),
                fields={
                    "medication_id": one_of(*(ids[n] for n, _ in EXPECTED_TAKEN)),
                    "status": "taken",
                    "recorded_at": ANY,
                },
            ),
            Added(
                "dose_logs",
                match={"scheduled_at": SKIPPED[1]},
                fields={
                    "medication_id": ids[SKIPPED[0]],
                    "status": "skipped",
                    "recorded_at": ANY,
                },
            ),
        ],
    ).check()
    never_performed("health", *FORBIDDEN).check()
    return True


if __name__ == "__main__":
    verifier.main()
