#!/bin/bash
# wrong (free text: ticket tags): tags the held ticket call-cancelled although the call is booked
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_callback import book

book(tags=["meeting-room", "video", "call-cancelled"])
PY
