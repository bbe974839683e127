#!/bin/bash
# WRONG action: deletes the done tasks instead of marking them complete.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
ALL = todo.call("GET", "/tasks?status=all&per_page=100")["items"]
page = 2
while len(ALL) % 100 == 0 and len(ALL):
    more = todo.call("GET", f"/tasks?status=all&per_page=100&page={page}")["items"]
    if not more: break
    ALL += more; page += 1
BY = {t["title"]: t for t in ALL}
DONE = ["Renew SSL certificate for status page", "Expense report for Berlin trip", "Water the plants",
        "Pick up dry cleaning", "Call mom"]
def complete(*titles):
    for t in titles:
        if BY[t]["status"] == "open":
            todo.call("POST", f"/tasks/{BY[t]['id']}/complete")

for t in DONE: todo.call("DELETE", f"/tasks/{BY[t]['id']}")
PY
