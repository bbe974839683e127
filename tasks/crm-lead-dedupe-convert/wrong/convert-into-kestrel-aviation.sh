#!/bin/bash
# WRONG: converts the lead into the existing look-alike account Kestrel Aviation
# (CUS-104, Bob's, noted as not related) instead of a new Kestrel Robotics account.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
crm = ServiceClient("http://127.0.0.1:5110/api").login("alice", "alice-pass")
def convert(lead_id, **kw):
    body = {"create_deal": True, "deal_name": "Kestrel Robotics: fleet tracking",
            "amount": 48500, "currency": "USD", "close_date": "2026-04-17"}
    body.update(kw)
    return crm.call("POST", f"/leads/{lead_id}/convert", body)
def unqualify(lead_id):
    return crm.call("PATCH", f"/leads/{lead_id}", {"status": "unqualified", "notes": "Badge scan at the LogiMAT booth. Duplicate of lead 1 (misspelt name)."})
def log_call(contact_id, deal_id, **kw):
    body = {"kind": "call", "subject": "Call with Priya Raman: quote accepted",
            "body": "30-minute call. Kestrel Robotics accepts the quote: fleet tracking for three warehouses at USD 48,500 a year. Priya expects to sign by 17 April 2026.",
            "contact_id": contact_id, "deal_id": deal_id, "duration_minutes": 30}
    body.update(kw)
    body = {k: v for k, v in body.items() if v is not None}
    return crm.call("POST", "/activities", body)
def merge(keep, dup):
    return crm.call("POST", f"/contacts/{keep}/merge", {"duplicate_id": dup})

c = convert(1, account="CUS-104")
unqualify(2)
log_call(c["contact_id"], c["deal_id"])
merge(1, 5)
PY
