#!/bin/bash
# wrong (right record, wrong state): asks and books the right event, but marks it as free time (transparent), so Alice shows as available during the review.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, QUESTION, answer, ask, book, cal

ask(QUESTION)
said = answer()
event = book("10:30", "11:30", AURORA)
cal.call("PATCH", f"/events/{event['id']}", {"transparency": "transparent"})
print("marked free", event["id"])
PY
