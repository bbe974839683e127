#!/bin/bash
# Wrong (contaminated state ignored): adds a second partner-deck task at the new deadline and
# leaves the old one as it was.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
work = next(x for x in todo.call("GET", "/lists")["items"] if x["name"] == "Work")
for title, day, time in (("Send partner deck to Klaus", "2026-03-04", "17:00"),
                         ("Send signed data processing agreement", "2026-03-06", None)):
    body = {"title": title, "list_id": work["id"], "due_date": day, "timezone": "Europe/Berlin"}
    if time:
        body["due_time"] = time
    todo.call("POST", "/tasks", body)
PY
