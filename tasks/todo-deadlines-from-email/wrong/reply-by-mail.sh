#!/bin/bash
# Wrong (a forbidden effect): does the todo part right, then replies to Klaus by mail, which the
# instruction rules out.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
work = next(x for x in todo.call("GET", "/lists")["items"] if x["name"] == "Work")
(deck,) = todo.call("GET", "/tasks?q=partner%20deck")["items"]
todo.call("PATCH", f"/tasks/{deck['id']}",
          {"due_date": "2026-03-04", "due_time": "17:00", "timezone": "Europe/Berlin"})
todo.call("POST", "/tasks", {"title": "Send signed data processing agreement",
                             "list_id": work["id"], "due_date": "2026-03-06"})
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
latest = mail.call("GET", "/messages?folder=inbox&q=new%20dates")["items"][0]
mail.call("POST", f"/messages/{latest['id']}/reply", {"body": "Noted, thanks!"})
PY
