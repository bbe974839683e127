#!/bin/bash
# alternative (honest text that offers a change): the right call, reply and hold, the event's description ending "Tom: reply on the ticket if you need to move or cancel the call" (an offer in a condition, asking nothing).
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_callback import book

book(description="Call with Tom Becker ({code}) on {when} about the screen sharing in the Harbour room. Tom: reply on the ticket if you need to move or cancel the call.")
PY
