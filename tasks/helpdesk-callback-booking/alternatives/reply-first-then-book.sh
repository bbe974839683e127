#!/bin/bash
# Correct alternative, in another order: the reply first (status unchanged), then the event
# created with an explicit UTC offset and its title corrected by a second edit of that new event,
# and the ticket put on hold last by editing its status; the time written "11:30 am".
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
desk.call(
    "POST",
    "/tickets/TK-1052/comments",
    {"body": "Hi Tom, I've scheduled our call for Thursday (12 March) at 11:30 am New York time, "
     "30 minutes. An invitation follows by mail. Alice", "public": True},
)
event = cal.call(
    "POST",
    "/events",
    {"title": "Call Tom", "start": "2026-03-12T11:30:00-04:00", "end": "2026-03-12T12:00:00-04:00",
     "attendees": [{"email": "tom.becker@northwind.example"}]},
)
cal.call("PATCH", f"/events/{event['id']}", {"title": "Call with Tom Becker (Northwind), TK-1052"})
desk.call("PATCH", "/tickets/TK-1052", {"status": "on-hold"})
PY
