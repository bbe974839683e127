#!/bin/bash
# WRONG: moves the deck task to Wednesday 4 March but without the 17:00 time (and in Alice's New York zone), so it falls due at the end of her day - 11 hours after Klaus's 17:00 Berlin deadline.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
found = mail.call("GET", "/messages?folder=inbox&q=klaus.richter&per_page=100")["items"]
latest = max(found, key=lambda m: m["date"])
body = mail.call("GET", "/messages/%d" % latest["id"])["body"]
todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
work = next(x for x in todo.call("GET", "/lists")["items"] if x["name"] == "Work")
(deck,) = [t for t in todo.call("GET", "/tasks?q=partner%20deck")["items"]]

todo.call("PATCH", "/tasks/%d" % deck["id"], {"due_date": "2026-03-04"})

todo.call("POST", "/tasks", {"title": "Send signed data processing agreement to Klaus", "list_id": work["id"],
    "due_date": "2026-03-06", "timezone": "Europe/Berlin", "tags": ["partner"]})

PY
