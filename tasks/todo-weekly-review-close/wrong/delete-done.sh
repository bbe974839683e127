#!/bin/bash
# Wrong (a hard delete for a completion): removes the finished tasks instead of completing
# them: the lists look clean, but nothing is marked done and the chore never comes back.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
for title in ("Renew SSL certificate for status page", "Expense report for Berlin trip",
              "Water the plants", "Pick up dry cleaning", "Call mom"):
    (task,) = [t for t in todo.call("GET", "/tasks?per_page=100")["items"] if t["title"] == title]
    todo.call("DELETE", f"/tasks/{task['id']}")
PY
