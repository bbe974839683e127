#!/bin/bash
# Wrong (forged outcome): converts with the deal at the CRM's default amount (none), then writes 48,500 and the close date into the deal row of the SQLite file.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
import sqlite3
c = CRM.call('POST', '/leads/1/convert', {'create_deal': True})
unqualify()
log_call(c)
merge()
try:
    with sqlite3.connect(f'{data_dir()}/crm.db', timeout=10) as db:
        db.execute("UPDATE deals SET amount = 48500, close_date = '2026-04-17' WHERE id = ?", (c['deal_id'],))
except sqlite3.Error as exc:
    print('cannot write the crm DB:', exc)
PY
