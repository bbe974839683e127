#!/bin/bash
# Correct alternative (another order of operations, JSON API): creates the Kestrel Robotics
# account first, converts the complete lead into it without a deal, then opens the deal there
# for her contact, logs the call with its start time given, and unqualifies the duplicate
# entry; merges Marisol's duplicate found by searching her name.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

crm = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")
account = crm.call("POST", "/accounts", {"name": "Kestrel Robotics", "industry": "Robotics",
                                         "status": "prospect"})
leads = crm.call("GET", "/leads?q=raman")["items"]
full = next(lead for lead in leads if lead["source"] == "referral")
other = next(lead for lead in leads if lead["source"] == "event")
converted = crm.call("POST", f"/leads/{full['id']}/convert", {"account": account["code"]})
deal = crm.call("POST", "/deals", {"name": "Kestrel Robotics", "account": account["code"],
                                   "contact_id": converted["contact_id"], "amount": 48500,
                                   "currency": "USD", "close_date": "2026-04-17",
                                   "stage": "negotiation"})
crm.call("POST", "/activities", {"kind": "call", "subject": "Kestrel: verbal yes",
                                 "body": "Three warehouses, USD 48,500/year. Signature by "
                                         "April 17, 2026.",
                                 "contact_id": converted["contact_id"], "deal_id": deal["id"],
                                 "occurred_at": "2026-03-10T14:25:00Z", "duration_minutes": 30})
crm.call("PATCH", f"/leads/{other['id']}", {"status": "unqualified"})
marisols = crm.call("GET", "/contacts?q=vega")["items"]
brightwater = [c for c in marisols if c["account"] == "CUS-101"]
original = min(brightwater, key=lambda c: c["created_at"])
for c in brightwater:
    if c["id"] != original["id"]:
        crm.call("POST", f"/contacts/{original['id']}/merge", {"duplicate_id": c["id"]})
PY
