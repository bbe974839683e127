#!/bin/bash
# Wrong (right effect, wrong details): records the two passport numbers in the order the
# booking lists passengers, reversed, so each one carries the other's number; the rest is right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import booking, check_in, leo, passport, seat

numbers = ["21FR90317", "19FR44821"]
for passenger, number in zip(booking["passengers"], numbers):
    passport(passenger, number)
seat(leo, "24B")
check_in()
PY
