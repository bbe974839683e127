#!/bin/bash
# wrong (free text: event description): says the call is on Friday 13 March at 15:00, not the Thursday time booked
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_callback import book

book(description="Call with Tom on Friday 13 March at 15:00 New York time about the Harbour room screen sharing.")
PY
