#!/bin/bash
# wrong (content: right words plus everyone else's: the new flight and landing time, then every flight of the day with its landing time)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import day_flights, lands, mail_dana, rebook, the_right_flight

right = the_right_flight()
rebook(right)
others = "\n".join(f"- {f['number']}: lands {lands(f)}" for f in day_flights().values())
mail_dana(f"New flight: {right['number']}", f"Hi Dana,\n\nI am now on {right['number']}, landing at O'Hare at {lands(right)} Chicago time.\n\nAll of tomorrow's flights:\n{others}\n\nAlice")
print("moved; mailed every flight")
PY
