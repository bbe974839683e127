#!/bin/bash
# wrong (partial work): moves the workshop correctly but emails only Bob, the guest with an
# account; Maria (maria@northwind.example) is never told.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import meeting, move, send, GOOD_SUBJECT, GOOD_BODY
move(meeting, "15:40")
send(GOOD_SUBJECT, GOOD_BODY, to=["bob@example.test"])
print("moved; mailed Bob only")
PY
