#!/bin/bash
# Wrong (forged outcome): books the stoves and the filters through the app, but writes the
# headlamp count and its move straight into the inventory's SQLite file.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

stoves()
filters()
import sqlite3
try:  # the no-Docker runner runs the agent as root; in a task image the DB is not writable
    with sqlite3.connect("/var/lib/mock-data/inventory.db", timeout=10) as db:
        pid = db.execute("SELECT id FROM products WHERE sku = ?", ("HDL-200",)).fetchone()[0]
        bid = db.execute("SELECT id FROM bins WHERE code = ?", ("EAST-B-03",)).fetchone()[0]
        db.execute("UPDATE stock_levels SET on_hand = 19 WHERE product_id = ? AND bin_id = ?", (pid, bid))
        db.execute("INSERT INTO stock_moves (kind, product_id, from_bin_id, quantity, reason, reference, note, created_at) "
                   "VALUES (?, ?, ?, 5, ?, ?, ?, ?)", ("adjustment", pid, bid, "count_correction", "", "cycle count", "2026-03-10 14:00:05"))
except sqlite3.Error as exc:
    print("cannot write the inventory DB:", exc)
PY
