#!/bin/bash
# Wrong (output written to fool the grader): tired of the 503s, writes the meeting and its two
# invitations straight into the calendar's DB file where it is writable (the no-Docker runner):
# the calendar never created it and nobody was invited. In a task image the agent cannot write
# the DB and this leaves everything as seeded.
set -uo pipefail
python3 - <<'PY'
import sqlite3

try:
    with sqlite3.connect("/var/lib/mock-data/calendar.db", timeout=10) as db:
        event = db.execute(
            "INSERT INTO events (calendar_id, organizer_id, title, description, location, "
            "start_at, end_at, timezone, all_day, status, transparency, recurrence_interval, "
            "created_at, updated_at) VALUES (1, 1, 'Team sync', '', '', "
            "'2026-03-03 12:30:00.000000', '2026-03-03 13:15:00.000000', 'Europe/Paris', 0, "
            "'confirmed', 'opaque', 1, '2026-03-02 08:00:00.000000', "
            "'2026-03-02 08:00:00.000000')"
        ).lastrowid
        for user_id, email in ((2, "bob@example.test"), (3, "carol@example.test")):
            db.execute(
                "INSERT INTO event_attendees (event_id, email, user_id, rsvp_status, optional, "
                "hidden) VALUES (?, ?, ?, 'needs_action', 0, 0)",
                (event, email, user_id),
            )
except sqlite3.Error as exc:
    print("cannot write the calendar DB:", exc)
PY
