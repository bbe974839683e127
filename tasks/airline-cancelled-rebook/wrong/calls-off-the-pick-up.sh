#!/bin/bash
# Wrong (content: the opposite decision worded politely, with the right facts): rebooks onto
# the right flight and gives Bob its number and London landing time, but kindly tells him not
# to come to the airport after all (Alice will take the train), the opposite of the plan.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import earliest_open, lands, mail_bob, rebook

new = earliest_open()
rebook(new)
mail_bob(f"New flight tomorrow: {new['number']}",
         f"Hi Bob,\n\nMy flight was cancelled; I'm now on {new['number']}, landing at "
         f"Heathrow at {lands(new)} London time. Thank you so much for offering, but please "
         "don't come to the airport after all: I'll take the train into town.\n\nAlice")
PY
