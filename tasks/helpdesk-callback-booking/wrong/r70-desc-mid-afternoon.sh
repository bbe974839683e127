#!/bin/bash
# wrong (free text: event description): says the call is "mid-afternoon on the twelfth", but it is booked at 11:30 in the morning
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_callback import book

book(description="Thirty minutes with Tom, mid-afternoon on the twelfth, to watch the Harbour screen share drop.")
PY
