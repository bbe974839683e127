#!/bin/bash
# WRONG: tags replaced by just month-end (drops invoices, pdf-export); status left open rather than pending.
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
desk.call("PATCH", f"/tickets/{OLD}", {"assignee": "alice", "priority": "high", "tags": ["month-end"]})
desk.call("POST", f"/tickets/{OLD}/comments", {"body": REPLY, "public": True, "status": "open"})
PY
