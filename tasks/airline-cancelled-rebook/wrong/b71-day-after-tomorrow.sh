#!/bin/bash
# wrong (free text: mail to Bob): right number and 14:05, but says it is "the day after tomorrow" (Wednesday 4 March); the flight is tomorrow, Tuesday 3 March
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from booking_mover import *  # noqa: F403

new = earliest_open()
rebook(new)
mail_bob(f"New flight: {new['number']}, landing {lands(new)}", f"Hi Bob,\n\nMy flight was cancelled; I am now on {new['number']} from Lyon, landing at Heathrow at {lands(new)} London time the day after tomorrow, so no need to come out tomorrow.\n\nAlice")
PY
