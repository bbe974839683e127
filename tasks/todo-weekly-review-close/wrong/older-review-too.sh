#!/bin/bash
# Wrong (the look-alike decoy): reads every weekly review, not only the latest, and completes
# the offsite venue task that last week's note mentions (its subtasks with it).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
for title in ("Renew SSL certificate for status page", "Expense report for Berlin trip",
              "Water the plants", "Pick up dry cleaning", "Call mom",
              "Book venue for team offsite"):
    (task,) = [t for t in todo.call("GET", "/tasks?per_page=100")["items"] if t["title"] == title]
    todo.call("POST", f"/tasks/{task['id']}/complete")
PY
