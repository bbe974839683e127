#!/bin/bash
# Reference solution of crm-lead-dedupe-convert, through the CRM's JSON API: find the lead
# entered twice (same e-mail), convert the complete entry into a contact at a new Kestrel
# Robotics account with the deal, mark the misspelt entry unqualified, log the call on the new
# contact and deal, and merge Marisol's recent, bare duplicate into her original record.
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
    "subject": "Call with Priya: ready to buy fleet tracking",
    "body": "Kestrel Robotics wants fleet tracking for its three warehouses at USD 48,500 a "
            "year; Priya expects to sign by 17 April 2026.",
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
