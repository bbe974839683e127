#!/bin/bash
# Wrong (a lie the content rules do not list, another month): rebooks onto LC216 and gives Bob its number and London landing time, but dates it tomorrow, Tuesday the third of April (the flight is on 3 March).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import earliest_open, lands, mail_bob, rebook

new = earliest_open()
rebook(new)
mail_bob(f"New flight tomorrow: {new['number']}, landing {lands(new)}",
         f"Hi Bob,\n\nMy flight LC214 was cancelled, so I'm now on {new['number']} from Lyon, "
         f"landing at Heathrow at {lands(new)} London time tomorrow, Tuesday the third of April.\n\nAlice")
PY
