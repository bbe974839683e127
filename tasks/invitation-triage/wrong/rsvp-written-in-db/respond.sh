#!/bin/bash
# Wrong step "respond" (output written to fool the grader): writes the right answers straight
# into the calendar's DB file where it is writable (the no-Docker runner): the calendar never
# answered anything. In a task image the agent cannot write the DB and this leaves it as seeded.
set -uo pipefail
python3 - <<'PY'
import sqlite3

try:
    with sqlite3.connect("/var/lib/mock-data/calendar.db", timeout=10) as db:
        for event_id, answer in {10: "accepted", 11: "declined", 12: "accepted",
                                 13: "declined"}.items():
            db.execute(
                "UPDATE event_attendees SET rsvp_status = ? WHERE event_id = ? AND user_id = "
                "(SELECT id FROM users WHERE username = 'alice')",
                (answer, event_id),
            )
except sqlite3.Error as exc:
    print("cannot write the calendar DB:", exc)
PY
