#!/bin/bash
# Wrong (output written to fool the grader): where the expense DB file is writable (the
# no-Docker runner runs the agent as root), writes the statuses straight into it: no reviewer,
# no review time, no review the service ever processed. In a task image the agent cannot write
# the DB and this leaves everything as seeded.
set -uo pipefail
python3 - <<'PY'
import sqlite3

try:
    with sqlite3.connect("/var/lib/mock-data/expense.db", timeout=10) as db:
        db.execute("UPDATE reports SET status = 'approved' "
                   "WHERE code IN ('EXP-2001', 'EXP-2003', 'EXP-2006')")
        db.execute("UPDATE reports SET status = 'rejected', review_note = 'Hoxton, Franklin Barbecue' "
                   "WHERE code IN ('EXP-2002', 'EXP-2004')")
except sqlite3.Error as exc:
    print("cannot write the expense DB:", exc)
PY
