#!/bin/bash
# wrong (extra change on the booking): does the outbound work right (passports, Leo in 24B, check-
# in) but also chooses seats 24A/24B for both on next week's return flight, which the instruction
# says not to touch.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import alice, leo, passports_seat_and_check_in, seat

passports_seat_and_check_in()
seat(alice, "24A", leg="return"); seat(leo, "24B", leg="return")
print("also picked return seats")
PY
