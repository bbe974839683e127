#!/bin/bash
# Correct alternative: over MCP tools: list_appointments, list_events (Paris time) to compute the
# busy times (opaque, not declined, not cancelled, not the appointment itself), first free 45-min
# slot on the hour or half hour within the dentist hours from Thursday, reschedule_appointment.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo
P = ZoneInfo("Europe/Paris")
h = McpClient("http://127.0.0.1:5007/mcp"); h.call("login", username="alice", password="alice-pass")
c = McpClient("http://127.0.0.1:5006/mcp"); c.call("login", username="alice", password="alice-pass")
ct = {t["name"]: t["inputSchema"]["properties"] for t in c.rpc("tools/list", {})["tools"]}
print(list(ct["freebusy"]))
apts = h.call("list_appointments", upcoming=True, status="scheduled")["items"]
d = next(a for a in apts if a["provider"]["specialty"] == "Dentistry")
st = datetime.fromisoformat(d["start_local"]); ln = datetime.fromisoformat(d["end"].replace("Z", "+00:00")) - st
day0 = st.replace(hour=0, minute=0)
evs = c.call("list_events", start=day0.strftime("%Y-%m-%dT%H:%M"), end=(day0 + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M"), timezone="Europe/Paris", per_page=100)["items"]
at = lambda t: datetime.fromisoformat(t.replace("Z", "+00:00"))
busy = [(at(e["start"]), at(e["end"])) for e in evs if e["status"] != "cancelled" and e["transparency"] == "opaque" and e.get("my_rsvp") != "declined" and d["code"] not in (e.get("description") or "")]
p = d["provider"]
for k in range(2):
    day = (day0 + timedelta(days=k)).date()
    o = datetime.combine(day, datetime.strptime(p["opens"], "%H:%M").time(), P); cl = datetime.combine(day, datetime.strptime(p["closes"], "%H:%M").time(), P)
    s = o if o.minute in (0, 30) else o.replace(minute=30 if o.minute < 30 else 0)
    found = None
    while s + ln <= cl:
        if all(s + ln <= x or s >= y for x, y in busy): found = s; break
        s += timedelta(minutes=30)
    if found:
        print(h.call("reschedule_appointment", code=d["code"], start=found.isoformat()))
        break
PY
