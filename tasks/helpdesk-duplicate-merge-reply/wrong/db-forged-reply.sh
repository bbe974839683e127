#!/bin/bash
# Forged: merge and fields through the API, the reply written straight into the helpdesk's and
# the mail app's SQLite files.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields()
import sqlite3
db = sqlite3.connect("/var/lib/mock-data/helpdesk.db")
db.execute("INSERT INTO comments (ticket_id, author_id, public, body, created_at) VALUES (1041, (SELECT id FROM users WHERE username=\"alice\"), 1, ?, \"2026-03-10 14:00:05\")", (reply_text(),))
db.execute("UPDATE tickets SET status=\"pending\" WHERE id=1041")
db.commit()
em = sqlite3.connect("/var/lib/mock-data/email.db")
owner = em.execute("SELECT id FROM users WHERE username=\"maria\"").fetchone()[0]
folder = em.execute("SELECT id FROM folders WHERE owner_id=? AND name=\"inbox\"", (owner,)).fetchone()[0]
em.execute("INSERT INTO messages (owner_id, folder_id, thread_id, message_id, from_address, from_name, to_addresses, cc_addresses, bcc_addresses, reference_ids, subject, body, date, is_read, is_starred) VALUES (?, ?, \"t-x\", \"<x@x>\", \"support@example.test\", \"Helpdesk\", ?, \"[]\", \"[]\", \"[]\", \"[TK-1041] Re: Invoice PDF export fails with error 500\", ?, \"2026-03-10 14:00:05\", 0, 0)", (owner, folder, "[\"" + MARIA + "\"]", reply_text()))
em.commit()
PY
