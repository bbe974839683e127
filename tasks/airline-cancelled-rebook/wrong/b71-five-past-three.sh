#!/bin/bash
# wrong (free text: mail to Bob): says LC216 lands at "five past three in the afternoon, London time"; it lands 14:05 London (15:05 is the French clock)
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from booking_mover import *  # noqa: F403

new = earliest_open()
rebook(new)
mail_bob(f"New flight: {new['number']}", f"Hi Bob,\n\nLC214 was cancelled, so I am now on {new['number']} from Lyon. It gets into Heathrow at five past three in the afternoon, London time, tomorrow.\n\nAlice")
PY
