#!/bin/bash
# Wrong (collateral damage): seats mother and son together, but by moving Alice off her own
# seat to a fresh free pair (22A and 22B) instead of giving Leo the seat beside hers.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import PASSPORTS, booking, check_in, passport, seat

pair = {"Alice": "22A", "Leo": "22B"}
for passenger in booking["passengers"]:
    passport(passenger, PASSPORTS[passenger["first_name"]])
    seat(passenger, pair[passenger["first_name"]])
check_in()
PY
