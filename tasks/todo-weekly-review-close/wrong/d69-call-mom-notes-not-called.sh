#!/bin/bash
# wrong (free text: task notes): "Call mom" is completed but its notes now say "Not called yet: call her on Monday", against the completion (and the instruction not to edit).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_review import complete_done, latest_review, todo  # noqa: F401

done = complete_done()
task_id = done["Call mom"]["id"]
todo.call("PATCH", f"/tasks/{task_id}", {"notes": "Not called yet: call her on Monday."})
PY
