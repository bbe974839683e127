#!/bin/bash
# Wrong (written to fool the grader): writes the marks straight into the health DB file.
set -euo pipefail
python3 - <<'PY'
import os
import sqlite3

db = os.path.join(os.environ.get("MOCK_DATA_DIR", "/var/lib/mock-data"), "health.db")
try:
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE dose_logs SET status = 'skipped' WHERE scheduled_at = '2026-03-01 19:00:00.000000'"
            " AND medication_id = (SELECT id FROM medications WHERE name = 'Metformin' AND user_id = 1)"
        )
        for name in ("Metformin", "Levothyroxine"):
            conn.execute(
                "INSERT INTO dose_logs (medication_id, scheduled_at, status, recorded_at) "
                "SELECT id, '2026-03-02 07:00:00.000000', 'taken', '2026-03-02 08:00:00.000000' "
                "FROM medications WHERE name = ? AND user_id = 1",
                (name,),
            )
except sqlite3.Error as exc:  # the task image keeps the DB from the agent
    print("cannot write the health DB:", exc)
PY
