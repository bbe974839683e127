#!/bin/bash
# Wrong (the look-alike decoy): goes by Klaus's first mail, so the deck stays due Thursday.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
work = next(x for x in todo.call("GET", "/lists")["items"] if x["name"] == "Work")
todo.call("POST", "/tasks", {"title": "Data processing agreement for Klaus",
                             "list_id": work["id"], "due_date": "2026-03-06"})
PY
