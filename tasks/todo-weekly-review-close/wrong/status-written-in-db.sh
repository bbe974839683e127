#!/bin/bash
# Wrong (output written to fool the grader): where the todolist DB file is writable (the
# no-Docker runner runs the agent as root), sets the status straight in it: no completion the
# app processed, no next watering, the reminder still scheduled. In a task image the agent
# cannot write the DB and this leaves everything as seeded.
set -uo pipefail
python3 - <<'PY'
import sqlite3

try:
    with sqlite3.connect("/var/lib/mock-data/todolist.db", timeout=10) as db:
        db.execute(
            "UPDATE tasks SET status = 'completed', completed_by_id = 1, "
            "completed_at = '2026-03-02 09:00:00.000000' WHERE id IN (8, 15, 26, 29, 36)"
        )
except sqlite3.Error as exc:
    print("cannot write the todolist DB:", exc)
PY
