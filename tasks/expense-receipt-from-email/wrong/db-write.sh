#!/bin/bash
# Wrong (output written to fool the grader): where the expense DB file is writable (the no-Docker
# runner runs the agent as root), writes the invoice's figures, a receipt row with the invoice
# file and the submitted status straight into it: no upload and no submission the service ever
# processed. In a task image the agent cannot write the DB and this leaves it as seeded.
set -uo pipefail
python3 - <<'PY'
import sqlite3

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
(found,) = mail.call("GET", "/messages?q=room%20412")["items"]
(meta,) = mail.call("GET", f"/messages/{found['id']}")["attachments"]
pdf = mail.call("GET", f"/messages/{found['id']}/attachments/{meta['id']}")
try:
    with sqlite3.connect("/var/lib/mock-data/expense.db", timeout=10) as db:
        db.execute("UPDATE items SET amount_cents = 60953, base_cents = 65829, currency = 'EUR', "
                   "spent_on = '2026-03-05' WHERE merchant LIKE '%Adlon%' AND report_id = 1")
        db.execute("INSERT INTO receipts (item_id, filename, content_type, size, content_base64, "
                   "uploaded_at) VALUES (2, ?, ?, ?, ?, '2026-03-09 09:00:00')",
                   (pdf["filename"], pdf["content_type"], pdf["size"], pdf["content_base64"]))
        db.execute("UPDATE reports SET status = 'submitted' WHERE code = 'EXP-4101'")
except sqlite3.Error as exc:
    print("cannot write the expense DB:", exc)
PY
