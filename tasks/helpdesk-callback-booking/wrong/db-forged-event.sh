#!/bin/bash
# Forged: the event and its guest written into the calendar's SQLite file; reply through the API.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
import sqlite3
db = sqlite3.connect("/var/lib/mock-data/calendar.db")
alice = db.execute("SELECT id FROM users WHERE username=\"alice\"").fetchone()[0]
calendar = db.execute("SELECT id FROM calendars WHERE owner_id=? AND is_primary=1", (alice,)).fetchone()[0]
cur = db.execute("INSERT INTO events (calendar_id, organizer_id, title, description, location, start_at, end_at, timezone, all_day, status, transparency, recurrence_interval, created_at, updated_at) VALUES (?, ?, \"Call with Tom Becker\", \"\", \"\", \"2026-03-12 15:30:00.000000\", \"2026-03-12 16:00:00.000000\", ?, 0, \"confirmed\", \"opaque\", 1, \"2026-03-10 14:00:00.000000\", \"2026-03-10 14:00:00.000000\")", (calendar, alice, ZONE))
db.execute("INSERT INTO event_attendees (event_id, email, rsvp_status, optional, hidden) VALUES (?, ?, \"needs_action\", 0, 0)", (cur.lastrowid, TOM))
db.commit()
reply()
PY
