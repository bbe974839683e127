#!/bin/bash
# Wrong (forged outcome): does the lead work and the call through the CRM, but fakes the merge by writing the SQLite file: moves the note and task to the original record and deletes the duplicate row.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
import sqlite3
c = convert()
unqualify()
log_call(c)
try:
    with sqlite3.connect(f'{data_dir()}/crm.db', timeout=10) as db:
        db.execute('UPDATE activities SET contact_id = 1 WHERE contact_id = 5')
        db.execute('UPDATE tasks SET contact_id = 1 WHERE contact_id = 5')
        db.execute('DELETE FROM contacts WHERE id = 5')
except sqlite3.Error as exc:
    print('cannot write the crm DB:', exc)
PY
