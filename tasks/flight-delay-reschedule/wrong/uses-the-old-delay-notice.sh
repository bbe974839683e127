#!/bin/bash
# wrong (look-alike decoy): reads the older, already-read LC118 delay mail (new arrival 22:10, a
# past trip) instead of today's LC214 notice, so it moves the workshop to 00:10 the day after, and
# tells the guests so.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import mail, cal, meeting, DAY, send
from datetime import datetime, timedelta
import re
notices = mail.call("GET", "/messages?folder=inbox&q=delayed&sort=oldest")["items"]
body = mail.call("GET", f"/messages/{notices[0]['id']}")["body"]
arrival = re.search(r"New arrival time: (\d\d:\d\d)", body)[1]
start = datetime.fromisoformat(f"{DAY}T{arrival}") + timedelta(hours=2)
cal.call("PATCH", f"/events/{meeting['id']}", {"start": start.strftime("%Y-%m-%dT%H:%M:%S")})
send(f"Northwind workshop moved to {start:%H:%M}", f"Hello,\n\nMy flight is delayed, so the Northwind workshop now starts {start:%A %d %B at %H:%M} (London time).\n\nAlice")
print("moved to", start)
PY
