#!/bin/bash
# wrong (wrong details): records Leo's passport number on Alice and Alice's on Leo, then seats Leo
# in 24B and checks both in.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import passports_seat_and_check_in

passports_seat_and_check_in(alice_number="21FR90317", leo_number="19FR44821")
print("passports swapped, checked in")
PY
