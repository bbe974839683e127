#!/bin/bash
# ALT (right): moves start and end explicitly (15:40-17:10), mails each guest separately, time as 3:40 pm, mentioning the landing time too.
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

move("15:40", "17:10")
for g in guests:
    send([g], "New time for the Northwind workshop", "Hi,\n\nMy flight home is delayed and now lands at 13:40, so I have moved tomorrow's Northwind workshop (Tuesday 3 March) to 3:40 pm, same room and length.\n\nSorry for the change,\nAlice")
PY
