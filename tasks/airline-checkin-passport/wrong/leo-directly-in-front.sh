#!/bin/bash
# wrong (look-alike seat): gives Leo 23A, the seat directly in front of Alice's 24A (same letter,
# next row) instead of 24B beside her in the same row, then records passports and checks in.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import passports_seat_and_check_in

passports_seat_and_check_in(leo_seat="23A")
print("Leo in 23A, checked in")
PY
