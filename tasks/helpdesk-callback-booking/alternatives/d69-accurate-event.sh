#!/bin/bash
# alternative (event description and location agree with the booking): says what the call is about and when
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_callback import book

book(description="30-minute call with Tom Becker ({code}) on {when}: he will show the screen sharing drop in the Harbour meeting room.", location="Phone / video call")
PY
