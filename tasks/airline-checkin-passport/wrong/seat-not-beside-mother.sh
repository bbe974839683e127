#!/bin/bash
# Plausible wrong solution: records the passports and checks in, but lets the airline pick
# Leo's seat (the cheapest free one, not beside his mother).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import PASSPORTS, booking, check_in, passport

for passenger in booking["passengers"]:
    passport(passenger, PASSPORTS[passenger["first_name"]])
check_in()
PY
