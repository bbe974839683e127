#!/bin/bash
# wrong (extra record): moves the cleaning right, then also books a new check-up with the same dentist the next week "while at it"; other appointments were to stay as they are.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_dentist import health, items, move

moved = move()
dentist = next(p for p in items(health.call("GET", "/providers?specialty=Dentistry")))
health.call("POST", "/appointments", {"provider_id": dentist["id"], "start": "2026-03-13T10:00:00+01:00",
                                      "duration_minutes": 30, "reason": "Check-up"})
PY
