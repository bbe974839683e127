#!/bin/bash
# Wrong (right effect, wrong details): the agreement goes to the default Inbox list instead of
# Work, with a reminder nobody asked for.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
(deck,) = todo.call("GET", "/tasks?q=partner%20deck")["items"]
todo.call("PATCH", f"/tasks/{deck['id']}",
          {"due_date": "2026-03-04", "due_time": "17:00", "timezone": "Europe/Berlin"})
task = todo.call("POST", "/tasks", {"title": "Signed data processing agreement",
                                    "due_date": "2026-03-06"})
todo.call("POST", f"/tasks/{task['id']}/reminders", {"remind_at": "2026-03-05T09:00:00Z"})
PY
