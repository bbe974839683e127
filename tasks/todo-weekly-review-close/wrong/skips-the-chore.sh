#!/bin/bash
# Wrong (half done): completes the one-off tasks but not the recurring watering, "since it
# comes back anyway".
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
tasks = {t["title"]: t for t in todo.call("GET", "/tasks?per_page=100")["items"]}
for title in ("Renew SSL certificate for status page", "Expense report for Berlin trip",
              "Pick up dry cleaning", "Call mom"):
    todo.call("POST", f"/tasks/{tasks[title]['id']}/complete")
PY
