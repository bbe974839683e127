#!/bin/bash
# ALTERNATIVE (right; a browsing agent's wording, 2026-12-03): as the reference, but the call's
# note names the day the quote was sent, which the lead's notes give ("accepts the quote of
# 3 March"): a true day besides the close date.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

crm = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")

(leads,) = crm.call("GET", "/duplicates?kind=leads")["groups"]
entries = [crm.call("GET", f"/leads/{i}") for i in leads["ids"]]
full = max(entries, key=lambda lead: sum(bool(lead[f]) for f in ("phone", "job_title")))
(twin,) = [lead for lead in entries if lead["id"] != full["id"]]

converted = crm.call(
    "POST",
    f"/leads/{full['id']}/convert",
    {"create_deal": True, "deal_name": "Kestrel Robotics: fleet tracking",
     "amount": 48500, "currency": "USD", "close_date": "2026-04-17"},
)
crm.call("PATCH", f"/leads/{twin['id']}",
         {"status": "unqualified", "notes": f"{twin['notes']} Duplicate of lead {full['id']}."})

crm.call("POST", "/activities", {
    "kind": "call",
    "subject": "Call with Priya: quote accepted",
    "body": "Kestrel Robotics accepts the quote of 3 March: fleet tracking for their three "
            "warehouses, USD 48,500 a year. Priya expects to sign by 17 April 2026.",
    "contact_id": converted["contact_id"],
    "deal_id": converted["deal_id"],
    "duration_minutes": 30,
})

(contacts,) = crm.call("GET", "/duplicates?kind=contacts")["groups"]
people = [crm.call("GET", f"/contacts/{i}") for i in contacts["ids"]]
original = min(people, key=lambda c: c["created_at"])
for other in people:
    if other["id"] != original["id"]:
        crm.call("POST", f"/contacts/{original['id']}/merge", {"duplicate_id": other["id"]})
PY
