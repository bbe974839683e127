#!/bin/bash
# wrong (stale state, hedged): books LC516, but the mail hedges between the flight it saw first
# and the right one: "either LC514 or LC516", with LC516's landing time
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import current, lands, mail_dana, rebook, search

first = search()[0]
right = search()[0]
rebook(right)
flight = current(right)
mail_dana(
    "Tomorrow's flight",
    f"Hi Dana,\n\nI'll be on either {first['number']} or {flight['number']} tomorrow, so plan "
    f"on me landing at O'Hare at {lands(flight)} Chicago time at the latest.\n\nAlice",
)
print("hedged", first["number"], flight["number"])
PY
