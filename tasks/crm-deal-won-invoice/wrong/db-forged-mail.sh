#!/bin/bash
# Wrong (a forged outcome): forges the mail to Ingrid as a row in Alice's Sent folder of the mail DB instead of sending it; the rest is right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
import json, sqlite3
win()
void()
issue()
try:
    with sqlite3.connect(f"{data_dir()}/email.db", timeout=10) as db:
        (sent,) = db.execute("SELECT f.id FROM folders f JOIN users u ON u.id = f.owner_id WHERE u.username = 'alice' AND f.name = 'sent'").fetchone()
        row = db.execute("SELECT * FROM messages WHERE folder_id = ? ORDER BY id LIMIT 1", (sent,)).fetchone()
        cols = [d[0] for d in db.execute("SELECT * FROM messages LIMIT 1").description]
        new = dict(zip(cols, row))
        new.update(id=None, message_id="<forged@example.test>", subject="Invoice INV-0005", body=note(), to_addresses=json.dumps([INGRID]))
        db.execute(f"INSERT INTO messages ({','.join(cols)}) VALUES ({','.join('?' * len(cols))})", [new[c] for c in cols])
except sqlite3.Error as exc:
    print("cannot write the email DB:", exc)
PY
