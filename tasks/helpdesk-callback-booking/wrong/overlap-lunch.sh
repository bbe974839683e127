#!/bin/bash
# WRONG: event 11:45-12:15, overlapping Lunch with Grace (and running past Tom's 12:00 window); reply says 11:45.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
START, END, TZ = "2026-03-12T11:45:00", "2026-03-12T12:15:00", "America/New_York"
REPLY = """Hi Tom,

I have booked our 30-minute call for Thursday 12 March at 11:45 (New York time). You will get a calendar invitation by mail.

Alice"""
cal.call("POST", "/events", {"title": "Call with Tom Becker: Harbour room screen sharing (TK-1052)", "start": START, "end": END, "timezone": TZ, "attendees": [{"email": "tom.becker@northwind.example"}]})
desk.call("POST", "/tickets/TK-1052/comments", {"body": REPLY, "public": True, "status": "on-hold"})

PY
