#!/bin/bash
# wrong (changes something else, extra fees): moves Alice from 24A to 20A and puts Leo in 20B,
# paid extra-legroom seats, so they sit together but Alice's seat is changed and the booking is
# charged $80 in seat fees.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import alice, check_in, leo, passport, seat

passport(alice, "19FR44821"); passport(leo, "21FR90317")
seat(alice, "20A"); seat(leo, "20B")
check_in()
print("moved both to row 20, checked in")
PY
