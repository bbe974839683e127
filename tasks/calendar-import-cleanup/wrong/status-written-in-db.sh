#!/bin/bash
# Wrong (output written to fool the grader): writes "cancelled" on the extra copies straight
# into the calendar's DB file where it is writable (the no-Docker runner): the end state looks
# right, but the calendar never cancelled anything. In a task image the agent cannot write the
# DB and this leaves everything as seeded.
set -uo pipefail
python3 - <<'PY'
import sqlite3

try:
    with sqlite3.connect("/var/lib/mock-data/calendar.db", timeout=10) as db:
        db.execute("UPDATE events SET status = 'cancelled' WHERE id IN (2, 4, 8, 9)")
except sqlite3.Error as exc:
    print("cannot write the calendar DB:", exc)
PY
