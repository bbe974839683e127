#!/bin/bash
# wrong (free text: task notes): the status-page certificate task is completed with notes "Renewed the API gateway certificate too", the other certificate, still open.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_review import complete_done, latest_review, todo  # noqa: F401

done = complete_done()
task_id = done["Renew SSL certificate for status page"]["id"]
todo.call("PATCH", f"/tasks/{task_id}", {"notes": "Renewed the API gateway certificate too."})
PY
