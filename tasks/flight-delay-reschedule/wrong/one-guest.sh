#!/bin/bash
# WRONG (partial): right move, mails only Bob, not Maria.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
login = {"username": "alice", "password": "alice-pass"}
mail = ServiceClient("http://127.0.0.1:5001/api").login(**login)
cal = ServiceClient("http://127.0.0.1:5006/api").login(**login)
events = cal.call("GET", "/events?per_page=100")["items"]
ev = next(e for e in events if e["title"] == "Northwind workshop")
day = ev["start_local"][:10]
guests = [a["email"] for a in ev["attendees"]]
def move(start, end=None):
    body = {"start": f"{day}T{start}:00"}
    if end: body["end"] = f"{day}T{end}:00"
    return cal.call("PATCH", "/events/%s" % ev["id"], body)
def send(to, subject, body):
    return mail.call("POST", "/messages/send", {"to": to, "subject": subject, "body": body})

move("15:40")
send(["bob@example.test"], "Northwind workshop moved to 15:40", "Hello,\n\nMy flight is delayed, so the Northwind workshop tomorrow now starts at 15:40.\n\nAlice")
PY
