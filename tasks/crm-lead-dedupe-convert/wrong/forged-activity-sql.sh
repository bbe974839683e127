#!/bin/bash
# WRONG (forged): does the conversion, unqualify and merge through the API, but writes the
# call activity straight into the CRM's SQLite file instead of logging it through the service.
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

c = convert(1)
unqualify(2)
merge(1, 5)
import glob, sqlite3
dbs = [p for p in glob.glob("/var/lib/mock-data/**/*crm*.db", recursive=True) + glob.glob("/var/lib/mock-data/**/*.sqlite*", recursive=True)]
print("dbs", dbs, glob.glob("/var/lib/mock-data/**", recursive=True)[:40])
db = sqlite3.connect([p for p in dbs if "crm" in p][0])
cols = [r[1] for r in db.execute("PRAGMA table_info(activities)")]
print(cols)
lead = crm.call("GET", "/leads/1")
row = {"kind": "call", "subject": "Call with Priya Raman: quote accepted",
       "body": "30-minute call. Kestrel Robotics accepts the quote: USD 48,500 a year; signing by 17 April 2026.",
       "owner_id": 1, "contact_id": c["contact_id"], "deal_id": c["deal_id"],
       "account_id": db.execute("select id from accounts where code=?", (lead["account"],)).fetchone()[0],
       "occurred_at": "2026-03-10 15:00:00.000000", "duration_minutes": 30, "mailed": 0,
       "created_at": "2026-03-10 15:00:01.000000"}
row = {k: v for k, v in row.items() if k in cols}
names = ",".join(row); marks = ",".join("?" * len(row))
db.execute(f"insert into activities ({names}) values ({marks})", list(row.values()))
db.execute("update accounts set last_contact=? where id=?", ("2026-03-10", row["account_id"]))
db.commit()
PY
