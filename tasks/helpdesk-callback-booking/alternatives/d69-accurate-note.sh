#!/bin/bash
# alternative (internal note agrees with the booking): notes the booked time and why the ticket is on hold
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_callback import book

book(note="Call booked with Tom for {when}; ticket on hold until then.")
PY
