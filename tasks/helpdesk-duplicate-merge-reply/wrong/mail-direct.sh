#!/bin/bash
# WRONG: instead of a public reply on the ticket, mails Maria directly from the mail app (forged reply with ticket subject); ticket itself has no public reply.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
OLD, NEW = "TK-1041", "TK-1047"
REPLY = """Hi Maria,

I have merged your two tickets. The fix ships in release 4.2.1 on Thursday 12 March.

Until then: open the invoice, press Print and choose 'Save as PDF' in your browser's print dialog.

Best regards,
Alice"""
desk.call("POST", f"/tickets/{NEW}/merge", {"merged_into": OLD})
kept = desk.call("GET", f"/tickets/{OLD}")
desk.call("PATCH", f"/tickets/{OLD}", {"assignee": "alice", "priority": "high", "tags": sorted({*kept["tags"], "month-end"}), "status": "pending"})
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
mail.call("POST", "/messages/send", {"to": ["maria.gonzalez@northwind.example"], "subject": "[TK-1041] Re: Invoice PDF export fails with error 500", "body": REPLY + "\n\nTicket TK-1041"})
PY
