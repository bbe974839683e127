#!/bin/bash
# wrong (wrong details): records Alice's passport with two digits transposed (19FR44812 instead of
# 19FR44821), seats Leo in 24B and checks both in.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import passports_seat_and_check_in

passports_seat_and_check_in(alice_number="19FR44812")
print("typo in Alice's passport, checked in")
PY
