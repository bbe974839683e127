#!/bin/bash
# Wrong (the look-alike decoy): completes every open task sharing a key word with a "done"
# line of the review, so the Munich expenses and the API gateway certificate go too.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
for word in ("SSL", "expense", "plants", "dry cleaning", "mom"):
    for task in todo.call("GET", "/tasks?per_page=100&q=" + word.replace(" ", "%20"))["items"]:
        if task["status"] == "open":
            todo.call("POST", f"/tasks/{task['id']}/complete")
PY
