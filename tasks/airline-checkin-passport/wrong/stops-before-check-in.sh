#!/bin/bash
# wrong (partial work): records both passports and gives Leo 24B, but never checks anyone in.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import alice, leo, passport, seat

passport(alice, "19FR44821"); passport(leo, "21FR90317")
seat(leo, "24B")
print("no check-in")
PY
