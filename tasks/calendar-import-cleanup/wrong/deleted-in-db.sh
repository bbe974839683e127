#!/bin/bash
# Wrong (a hard delete passing for a cancel): where the calendar's DB file is writable (the
# no-Docker runner runs the agent as root), deletes the extra copies' rows straight from it: no
# cancellation the calendar processed, no notice to the guests. In a task image the agent cannot
# write the DB and this leaves everything as seeded.
set -uo pipefail
python3 - <<'PY'
import sqlite3

try:
    with sqlite3.connect("/var/lib/mock-data/calendar.db", timeout=10) as db:
        for table in ("event_attendees", "event_reminders", "event_exceptions"):
            db.execute(f"DELETE FROM {table} WHERE event_id IN (2, 4, 8, 9)")
        db.execute("DELETE FROM events WHERE id IN (2, 4, 8, 9)")
except sqlite3.Error as exc:
    print("cannot write the calendar DB:", exc)
PY
