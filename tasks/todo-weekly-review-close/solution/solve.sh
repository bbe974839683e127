#!/bin/bash
# Reference solution of todo-weekly-review-close: reads the latest weekly review note and
# completes, through the todo API, the open task each of its "done" lines names.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
reviews = todo.call("GET", "/notes?q=weekly%20review&per_page=100")["items"]
latest = max(reviews, key=lambda n: n["updated_at"])
assert latest["title"] == "Weekly review 10", latest["title"]

# each "done" line of the note, and the task it reports on
DONE = {
    "renewed the SSL certificate for the status page": "Renew SSL certificate for status page",
    "filed the expense report for the Berlin trip": "Expense report for Berlin trip",
    "watered the plants": "Water the plants",
    "picked up the dry cleaning": "Pick up dry cleaning",
    "called mom": "Call mom",
    "cancelled the gym trial": "Cancel gym trial",
}
for line, title in DONE.items():
    assert line in latest["body"], line
    tasks = todo.call("GET", "/tasks?status=all&per_page=100&q=" + title.replace(" ", "%20"))
    (task,) = [t for t in tasks["items"] if t["title"] == title]
    if task["status"] == "open":
        todo.call("POST", f"/tasks/{task['id']}/complete")
PY
