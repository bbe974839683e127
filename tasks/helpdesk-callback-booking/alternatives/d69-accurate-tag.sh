#!/bin/bash
# alternative (ticket tag agrees with the booking): adds the tag call-booked to the held ticket
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_callback import book

book(tags=["meeting-room", "video", "call-booked"])
PY
