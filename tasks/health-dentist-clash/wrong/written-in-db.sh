#!/bin/bash
# Wrong (written to fool the grader): sets the new time straight in the health DB file, so
# no reschedule happens and the calendar never hears of it.
set -euo pipefail
python3 - <<'PY'
import os
import sqlite3

db = os.path.join(os.environ.get("MOCK_DATA_DIR", "/var/lib/mock-data"), "health.db")
try:
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE appointments SET start_at = '2026-03-06 09:00:00.000000', "
            "end_at = '2026-03-06 09:45:00.000000' WHERE code = 'APT-000002'"
        )
except sqlite3.Error as exc:  # the task image keeps the DB from the agent
    print("cannot write the health DB:", exc)
PY
