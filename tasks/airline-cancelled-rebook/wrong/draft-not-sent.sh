#!/bin/bash
# Wrong (a draft passing as sent mail): rebooks onto the right flight and writes Bob the right
# mail, but only saves it as a draft; Bob never gets it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import BOB, earliest_open, lands, mail, rebook

new = earliest_open()
rebook(new)
mail.call("POST", "/drafts", {
    "to": [BOB], "subject": f"New flight tomorrow: {new['number']}",
    "body": f"I'm now on {new['number']}, landing at Heathrow at {lands(new)} London time."})
PY
