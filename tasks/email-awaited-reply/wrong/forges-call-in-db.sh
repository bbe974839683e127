#!/bin/bash
# wrong (written to fool the grader): asks Dana and reads her answers like the oracle, then
# writes the call (15:00 New York, 19:00 UTC) and her invitation straight into the calendar's DB
# file where it is writable (the no-Docker runner): the calendar never created it. In a task image
# the agent cannot write the DB and no call exists.
set -uo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import sqlite3

from dana import DANA, ask, latest_time

ask()
latest_time()
try:
    with sqlite3.connect("/var/lib/mock-data/calendar.db", timeout=10) as db:
        event = db.execute(
            "INSERT INTO events (calendar_id, organizer_id, title, description, location, "
            "start_at, end_at, timezone, all_day, status, transparency, recurrence_interval, "
            "created_at, updated_at) VALUES (1, 1, 'Northwind renewal call', '', '', "
            "'2026-03-12 19:00:00.000000', '2026-03-12 19:30:00.000000', 'America/New_York', 0, "
            "'confirmed', 'opaque', 1, '2026-03-10 14:00:00.000000', "
            "'2026-03-10 14:00:00.000000')"
        ).lastrowid
        db.execute(
            "INSERT INTO event_attendees (event_id, email, user_id, rsvp_status, optional, "
            "hidden) VALUES (?, ?, NULL, 'needs_action', 0, 0)",
            (event, DANA),
        )
except sqlite3.Error as exc:
    print("cannot write the calendar DB:", exc)
PY
