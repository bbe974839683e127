#!/bin/bash
# wrong (partial): skips 'Call mom' (the note says 'early') and the recurring 'Water the plants',
# leaving two reported tasks open.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
reviews = todo.call("GET", "/notes?q=weekly%20review&per_page=100")["items"]
latest = max(reviews, key=lambda n: n["updated_at"])
print(latest["title"], "|", latest["body"])
def find(title):
    items = todo.call("GET", "/tasks?status=all&per_page=100&q=" + title.replace(" ", "%20"))["items"]
    (t,) = [t for t in items if t["title"] == title]
    return t
def complete(title):
    t = find(title)
    if t["status"] == "open":
        tid = t["id"]; todo.call("POST", f"/tasks/{tid}/complete"); print("completed", tid, title)
    return t
DONE = ["Renew SSL certificate for status page", "Expense report for Berlin trip", "Water the plants",
        "Pick up dry cleaning", "Call mom"]

for t in DONE:
    if t not in ("Call mom", "Water the plants"):
        complete(t)
PY
