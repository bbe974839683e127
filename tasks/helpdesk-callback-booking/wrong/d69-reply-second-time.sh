#!/bin/bash
# wrong (free text: public reply): gives the booked time and also promises a second call on Friday 13 March 15:00 that is not booked
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_callback import book

book(reply="Hi Tom,\n\nI have booked our 30-minute call for {when}. If that does not suit you, just join on Friday 13 March at 15:00 instead, I will be there too.\n\nAlice")
PY
