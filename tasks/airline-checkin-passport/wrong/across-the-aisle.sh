#!/bin/bash
# Wrong (the look-alike decoy): gives Leo a seat in his mother's row, but the free aisle seat
# across the aisle (24D) instead of the middle seat beside her.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import passports_seat_and_check_in

passports_seat_and_check_in(leo_seat="24D")
PY
