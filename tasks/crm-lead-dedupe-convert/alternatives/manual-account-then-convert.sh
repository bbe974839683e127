#!/bin/bash
# ALTERNATIVE (right): another order through the JSON API: unqualify the twin first, create the
# Kestrel Robotics account by hand, convert the complete lead into that account with the deal,
# log the call with an explicit start (14:30 UTC, 30 minutes before now), then merge Marisol.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
crm = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")
crm.call("PATCH", "/leads/2", {"status": "unqualified"})
acc = crm.call("POST", "/accounts", {"name": "Kestrel Robotics", "domain": "kestrel-robotics.example"})
print(acc)
conv = crm.call("POST", "/leads/1/convert", {"account": acc["code"], "create_deal": True,
    "deal_name": "Fleet tracking, three warehouses", "amount": 48500, "close_date": "2026-04-17"})
crm.call("POST", "/activities", {"kind": "call", "subject": "Priya Raman - go-ahead",
    "body": "Quote accepted: USD 48,500 a year. Signature expected by 2026-04-17.",
    "contact_id": conv["contact_id"], "deal_id": conv["deal_id"],
    "occurred_at": "2026-03-10T14:30:00Z", "duration_minutes": 30})
crm.call("POST", "/contacts/1/merge", {"duplicate_id": 5})
PY
