#!/bin/bash
# wrong (free text: reply to Bob): jazz night booked at 20:00, the reply says "see you there at 21:00"
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_plans import add

add(replies={"bob": "Jazz night is in my calendar! See you at the Blue Note at 21:00."})
PY
