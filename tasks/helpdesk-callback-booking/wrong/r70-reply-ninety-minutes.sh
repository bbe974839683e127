#!/bin/bash
# wrong (free text: public reply): gives the right time but asks Tom to keep "the best part of ninety minutes" clear for a 30-minute call
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_callback import book

book(reply="Hi Tom,\n\nI have booked our call for {when}. Please keep the best part of ninety minutes clear for it; you will get a calendar invitation by mail.\n\nAlice")
PY
