#!/bin/bash
# wrong (free text: task notes): the plants task spawned by the completion gets notes "Plants not watered this week: water them today", against the review.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_review import complete_done, latest_review, todo  # noqa: F401

done = complete_done()
spawned = done["Water the plants"]["next_occurrence"]
todo.call("PATCH", f"/tasks/{spawned['id']}", {"notes": "Plants not watered this week: water them today."})
PY
