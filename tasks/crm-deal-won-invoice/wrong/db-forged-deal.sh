#!/bin/bash
# Wrong (a forged outcome): writes the won stage and the amount into the CRM's SQLite file instead of asking the CRM; the rest is right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
import sqlite3
void()
issue()
mail()
try:
    with sqlite3.connect(f"{data_dir()}/crm.db", timeout=10) as db:
        db.execute("UPDATE deals SET stage = 'closed_won', amount = 21750, closed_at = '2026-03-16 09:00:00.000000' WHERE id = 2")
except sqlite3.Error as exc:
    print("cannot write the crm DB:", exc)
PY
