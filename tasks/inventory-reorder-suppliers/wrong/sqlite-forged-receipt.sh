#!/bin/bash
# Wrong (forged outcome): orders and mails through the apps, but writes the stove receipt
# straight into the inventory's SQLite file.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

right_orders()
reply()
import sqlite3
try:  # the no-Docker runner runs the agent as root; in a task image the DB is not writable
    with sqlite3.connect("/var/lib/mock-data/inventory.db", timeout=10) as db:
        po = db.execute("SELECT id FROM purchase_orders WHERE code = ?", ("PO-1004",)).fetchone()[0]
        pid = db.execute("SELECT id FROM products WHERE sku = ?", ("STV-CMP",)).fetchone()[0]
        bid = db.execute("SELECT id FROM bins WHERE code = ?", ("EAST-RCV",)).fetchone()[0]
        db.execute("UPDATE purchase_orders SET status = ? WHERE id = ?", ("partly_received", po))
        db.execute("UPDATE purchase_order_lines SET received_quantity = 12 WHERE purchase_order_id = ? AND product_id = ?", (po, pid))
        db.execute("INSERT INTO stock_levels (product_id, bin_id, on_hand, reserved) VALUES (?, ?, 12, 0)", (pid, bid))
        db.execute("INSERT INTO stock_moves (kind, product_id, to_bin_id, quantity, reference, note, created_at) VALUES (?, ?, ?, 12, ?, ?, ?)", ("receipt", pid, bid, "PO-1004", "", "2026-03-10 14:00:09"))
except sqlite3.Error as exc:
    print("cannot write the inventory DB:", exc)
PY
