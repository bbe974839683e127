#!/bin/bash
# alternative (REST API, other representation and order): adds the DPA first (Work list, Friday 6 March,
# Berlin zone), then moves the deck to the same instant as 17:00 Berlin expressed in Alice's own zone:
# Wednesday 4 March 11:00 America/New_York (New York is UTC-5, Berlin UTC+1 before the DST changes).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
found = mail.call("GET", "/messages?folder=inbox&q=klaus.richter&per_page=100")["items"]
latest = max(found, key=lambda m: m["date"])
body = mail.call("GET", f"/messages/{latest['id']}")["body"]
assert "Wednesday 4 March, 17:00" in body and "Friday 6 March" in body, body
todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
work = next(x for x in todo.call("GET", "/lists")["items"] if x["name"] == "Work")
made = todo.call("POST", "/tasks", {"title": "Return signed data processing agreement to Klaus",
                                    "list_id": work["id"], "due_date": "2026-03-06", "timezone": "Europe/Berlin"})
print("created", made["id"])
(deck,) = [t for t in todo.call("GET", "/tasks?q=partner%20deck")["items"]]
todo.call("PATCH", f"/tasks/{deck['id']}", {"due_date": "2026-03-04", "due_time": "11:00", "timezone": "America/New_York"})
print(todo.call("GET", f"/tasks/{deck['id']}"))
PY
