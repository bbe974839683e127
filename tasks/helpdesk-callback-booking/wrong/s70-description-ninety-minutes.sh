#!/bin/bash
# wrong (free text: event description): says 90 minutes are blocked for the call, which is the 30 minutes Tom asked for and the calendar holds.
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_callback import book

book(description="Screen sharing call with Tom. Blocked 90 minutes so we can dig in properly.")
PY
