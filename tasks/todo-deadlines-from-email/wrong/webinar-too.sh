#!/bin/bash
# Wrong (the look-alike decoy): also turns the events team's webinar mail into a task.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
work = next(x for x in todo.call("GET", "/lists")["items"] if x["name"] == "Work")
(deck,) = todo.call("GET", "/tasks?q=partner%20deck")["items"]
todo.call("PATCH", f"/tasks/{deck['id']}",
          {"due_date": "2026-03-04", "due_time": "17:00", "timezone": "Europe/Berlin"})
for title, day in (("Send signed data processing agreement", "2026-03-06"),
                   ("Register for the Nordwind logistics webinar", "2026-03-03")):
    todo.call("POST", "/tasks", {"title": title, "list_id": work["id"], "due_date": day})
PY
