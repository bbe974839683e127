#!/bin/bash
# Wrong (an effect undone before the end): completes the right tasks, but also ticks off the
# Munich expense report "by mistake" and reopens it; the end state is clean, the audit log
# is not.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
tasks = {t["title"]: t for t in todo.call("GET", "/tasks?per_page=100")["items"]}
for title in ("Renew SSL certificate for status page", "Expense report for Berlin trip",
              "Water the plants", "Pick up dry cleaning", "Call mom",
              "Expense report for Munich trip"):
    todo.call("POST", f"/tasks/{tasks[title]['id']}/complete")
todo.call("POST", f"/tasks/{tasks['Expense report for Munich trip']['id']}/reopen")
PY
