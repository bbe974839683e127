#!/bin/bash
# Reference solution: find Maria Gonzalez's two open tickets about the PDF export (not her solved
# logo ticket, not Mario Gonzales's), merge the newer into the older, reply publicly with the
# fix date and the workaround from Carol's note (not the cause), and set assignee, priority,
# tags and status in one edit and the reply.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
maria = next(
    r for r in desk.call("GET", "/requesters?q=gonzalez&per_page=100")["items"]
    if r["name"] == "Maria Gonzalez"
)
mine = desk.call("GET", f"/tickets?requester={maria['email']}&status=unsolved&per_page=100")
pdf = sorted(
    (t for t in mine["items"] if "pdf" in t["subject"].lower()), key=lambda t: t["created_at"]
)
older, newer = pdf[0], pdf[-1]
desk.call("POST", f"/tickets/{newer['code']}/merge", {"merged_into": older["code"]})
kept = desk.call("GET", f"/tickets/{older['code']}")
desk.call(
    "PATCH",
    f"/tickets/{kept['code']}",
    {"assignee": "alice", "priority": "high", "tags": sorted({*kept["tags"], "month-end"})},
)
reply = (
    "Hi Maria,\n\n"
    "I'm sorry the PDF export is still failing, and I have merged your two tickets so everything "
    "is in one place. Our technical team has found the problem: the fix ships in release 4.2.1 "
    "on Thursday 12 March.\n\n"
    "Until then you can still get your invoices as PDFs: open the invoice, press Print and "
    "choose 'Save as PDF' in your browser's print dialog.\n\n"
    "Could you let me know after Thursday's release whether the export works again for you?\n\n"
    "Best regards,\nAlice"
)
desk.call(
    "POST", f"/tickets/{kept['code']}/comments", {"body": reply, "public": True, "status": "pending"}
)
PY
