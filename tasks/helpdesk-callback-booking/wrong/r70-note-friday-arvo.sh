#!/bin/bash
# wrong (free text: internal note): notes that Tom is "down for Friday arvo", but the call is booked on Thursday morning
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_callback import book

book(note="Tom is down for Friday arvo for the Harbour screen sharing call; parking the ticket till then.")
PY
