#!/bin/bash
# wrong (partial work): records both passports and checks in the outbound leg without choosing
# Leo's seat first, so the airline gives him the cheapest free seat, not 24B beside Alice's 24A.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from family_checkin import alice, check_in, leo, passport

passport(alice, "19FR44821"); passport(leo, "21FR90317")
passes = check_in()
print([(p["passenger_name"] if "passenger_name" in p else p.get("name"), p.get("seat")) for p in passes["items"]] if isinstance(passes, dict) else passes)
PY
