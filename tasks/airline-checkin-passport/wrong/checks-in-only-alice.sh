#!/bin/bash
# wrong (partial work): records both passports and seats Leo in 24B, but checks in only Alice
# (passenger_ids limited to her), leaving Leo not checked in.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import alice, check_in, leo, passport, seat

passport(alice, "19FR44821"); passport(leo, "21FR90317")
seat(leo, "24B")
check_in(passenger_ids=[alice["id"]])
print("only Alice checked in")
PY
