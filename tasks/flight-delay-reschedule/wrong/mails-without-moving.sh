#!/bin/bash
# wrong (partial work): emails both guests that the workshop moved to 15:40 but never changes the
# calendar event (still 13:00-14:30).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import send, GOOD_SUBJECT, GOOD_BODY
send(GOOD_SUBJECT, GOOD_BODY)
print("mailed only")
PY
