#!/bin/bash
# wrong (partial work): moves the booking to LC216 correctly but never emails Bob.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import rebook_onto

rebook_onto("LC216")
print("moved to LC216, no mail")
PY
