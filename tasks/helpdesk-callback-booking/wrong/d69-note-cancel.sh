#!/bin/bash
# wrong (free text: internal note): tells colleagues to cancel the call and close the ticket, undoing the booking and the hold
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_callback import book

book(note="Internal: no need for this call, please cancel the calendar invite and solve the ticket tomorrow.")
PY
