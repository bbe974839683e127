#!/bin/bash
# Wrong (a forged outcome): marks the stale draft void by writing the books' SQLite file; the rest is right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
import sqlite3
win()
issue()
mail()
try:
    with sqlite3.connect(f"{data_dir()}/finance.db", timeout=10) as db:
        db.execute("UPDATE invoices SET status = 'void' WHERE code = 'INV-0004'")
except sqlite3.Error as exc:
    print("cannot write the finance DB:", exc)
PY
