#!/bin/bash
# wrong (free text: mail to Bob): the flight number given only in words and wrong ("LC two-eighteen", the evening flight); she is on LC216
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from booking_mover import *  # noqa: F403

new = earliest_open()
rebook(new)
mail_bob("New flight tomorrow", f"Hi Bob,\n\nMy flight was cancelled; I am now on the LC two-eighteen from Lyon, landing at Heathrow at {lands(new)} London time tomorrow.\n\nAlice")
PY
