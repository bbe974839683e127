#!/bin/bash
# wrong (free text: mail to Bob): right number and time, but sends him to "the airport down by Crawley" (Gatwick); the flight lands at Heathrow
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from booking_mover import *  # noqa: F403

new = earliest_open()
rebook(new)
mail_bob(f"New flight: {new['number']}, landing {lands(new)}", f"Hi Bob,\n\nMy flight was cancelled; I am now on {new['number']} from Lyon, landing at {lands(new)} London time tomorrow, but at the airport down by Crawley this time, not the usual one.\n\nAlice")
PY
