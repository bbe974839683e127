#!/bin/bash
# alternative (free text: public reply, reference order): b71-words-own-opening's reply plus the true "That gives you a PDF of the invoice without going through the export button, so it works today"
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
desk.call("POST", f"/tickets/{newer['code']}/merge", {"merged_into": older["code"]})
kept = desk.call("GET", f"/tickets/{older['code']}")
desk.call("PATCH", f"/tickets/{kept['code']}",
          {"assignee": "alice", "priority": "high", "tags": [*kept["tags"], "month-end"]})
desk.call("POST", f"/tickets/{older['code']}/comments", {"public": True, "status": "pending", "body": (
    "Dear Maria,\n\nThank you for your patience, and apologies that you had to write to us a "
    "second time. I'm looking after this while Grace is away.\n\n"
    "The fix ships in release 4.2.1 on "
    "Thursday 12 March.\n\n"
    "For your month-end invoices in the meantime: open an invoice as usual, click Print (or "
    "press Ctrl+P / Cmd+P), and in your browser's print window pick 'Save as PDF' as the "
    "destination. That gives you a PDF of the invoice without going through the export button, so it works today."
    "\n\n"
    "I have merged your two tickets. Could you let me know after Thursday's release whether the export works again for you?\n\nBest regards,\nAlice")})
PY
