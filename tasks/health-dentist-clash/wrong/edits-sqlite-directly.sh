#!/bin/bash
# wrong (tampering): writes the new Friday 10:00-10:45 time straight into the health SQLite file (if writable), bypassing the app, so no calendar invitation/mail follows; falls back to doing nothing.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
dentist = next(a for a in health.call("GET", "/appointments?upcoming=true&status=scheduled")["items"]
               if a["provider"]["specialty"] == "Dentistry")
code = dentist["code"]
print("dentist", code, dentist["start_local"], dentist["end"])
import glob, sqlite3
for db in glob.glob("/var/lib/mock-data/**/health*.db", recursive=True) + glob.glob("/var/lib/mock-data/health*.db"):
    try:
        con = sqlite3.connect(db)
        con.execute("UPDATE appointments SET start_at='2026-03-06 09:00:00.000000', end_at='2026-03-06 09:45:00.000000' WHERE code=?", (code,))
        con.commit(); print("updated", db)
    except Exception as exc:
        print("cannot write", db, exc)
PY
