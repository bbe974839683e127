#!/bin/bash
# alternative (order: public reply posted before the merge and the edits): the reference's own reply text, to tell order from wording
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
maria = next(r for r in desk.call("GET", "/requesters?q=maria&per_page=100")["items"]
             if r["name"] == "Maria Gonzalez")
mine = desk.call("GET", f"/tickets?requester={maria['email']}&status=unsolved&per_page=100")
pdf = sorted((t for t in mine["items"] if "pdf" in t["subject"].lower()),
             key=lambda t: t["created_at"])
older, newer = pdf[0], pdf[-1]
desk.call("POST", f"/tickets/{older['code']}/comments", {"public": True, "status": "pending", "body": (
    "Hi Maria,\n\nI'm sorry the PDF export is still failing; I'm merging your two tickets so "
    "everything is in one place. Our technical team has found the problem: the fix ships in "
    "release 4.2.1 on Thursday 12 March.\n\nUntil then you can still get your invoices as PDFs: "
    "open the invoice, press Print and choose 'Save as PDF' in your browser's print dialog.\n\n"
    "Could you let me know after Thursday's release whether the export works again for you?\n\n"
    "Best regards,\nAlice")})
desk.call("POST", f"/tickets/{newer['code']}/merge", {"merged_into": older["code"]})
kept = desk.call("GET", f"/tickets/{older['code']}")
desk.call("PATCH", f"/tickets/{kept['code']}",
          {"assignee": "alice", "priority": "high", "tags": [*kept["tags"], "month-end"]})
if desk.call("GET", f"/tickets/{kept['code']}")["status"] != "pending":
    desk.call("PATCH", f"/tickets/{kept['code']}", {"status": "pending"})
PY
