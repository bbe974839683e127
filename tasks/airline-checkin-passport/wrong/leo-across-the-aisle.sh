#!/bin/bash
# wrong (look-alike seat): gives Leo 24D, in Alice's row but across the aisle (24C is taken),
# instead of 24B right beside her, then records passports and checks in.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import passports_seat_and_check_in

passports_seat_and_check_in(leo_seat="24D")
print("Leo in 24D, checked in")
PY
