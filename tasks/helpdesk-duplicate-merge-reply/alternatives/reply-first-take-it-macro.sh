#!/bin/bash
# Correct alternative, in another order: the "Take it" macro assigns the older ticket to Alice,
# then the reply is posted as pending, priority and tag are set in a second edit, and the merge
# comes last; other wording ("12 March (Thursday)", "print ... save it as PDF").
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
found = desk.call("GET", "/tickets?requester=maria.gonzalez@northwind.example&per_page=100")["items"]
open_pdf = sorted(
    (t for t in found if t["status"] not in ("solved", "closed") and "pdf" in t["subject"].lower()),
    key=lambda t: t["created_at"],
)
older, newer = open_pdf[0]["code"], open_pdf[-1]["code"]
take_it = next(m for m in desk.call("GET", "/macros")["items"] if m["name"] == "Take it")
desk.call("POST", f"/tickets/{older}/macro", {"macro_id": take_it["id"]})
desk.call(
    "POST",
    f"/tickets/{older}/comments",
    {
        "body": "Hi Maria,\n\nsorry for the wait. The PDF export will work again after release "
        "4.2.1 on 12 March (Thursday). Meanwhile you can print each invoice from the invoice "
        "view and save it as PDF from the print dialog.\n\nAlice",
        "public": True,
        "status": "pending",
    },
)
tags = desk.call("GET", f"/tickets/{older}")["tags"]
desk.call("PATCH", f"/tickets/{older}", {"priority": "high", "tags": tags + ["month-end"]})
desk.call("POST", f"/tickets/{newer}/merge", {"merged_into": older})
PY
