#!/bin/bash
# Wrong (right effect, wrong details): takes "17:00" in Alice's own zone (New York), six hours
# after Klaus's deadline.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
work = next(x for x in todo.call("GET", "/lists")["items"] if x["name"] == "Work")
(deck,) = todo.call("GET", "/tasks?q=partner%20deck")["items"]
todo.call("PATCH", f"/tasks/{deck['id']}", {"due_date": "2026-03-04", "due_time": "17:00"})
todo.call("POST", "/tasks", {"title": "Signed data processing agreement",
                             "list_id": work["id"], "due_date": "2026-03-06"})
PY
