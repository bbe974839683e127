#!/bin/bash
# Wrong (output written to fool the grader): where the shop's DB file is writable (the
# no-Docker runner runs the agent as root), writes "cancelled" on the repeats straight into
# it: no refund, no restock, no cancellation the shop ever processed. In a task image the agent
# cannot write the DB and this leaves everything as seeded.
set -uo pipefail
python3 - <<'PY'
import sqlite3

try:
    with sqlite3.connect("/var/lib/mock-data/shop.db", timeout=10) as db:
        db.execute(
            "UPDATE orders SET status = 'cancelled' "
            "WHERE code IN ('ORD-410011', 'ORD-410021', 'ORD-410022')"
        )
except sqlite3.Error as exc:
    print("cannot write the shop DB:", exc)
PY
