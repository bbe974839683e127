#!/bin/bash
# wrong (the opposite decision, worded politely): the mail tells Dana a time is already booked
# ("I've gone ahead and booked us ... hope that suits!") instead of asking; then books as she
# asks.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, latest_time
ask("Hi Dana,\n\nI've gone ahead and booked us a 30-minute call on Thursday (March 12) at "
    "10:00 am about the renewal - I hope that suits you!\n\nBest,\nAlice")
book(*latest_time())
PY
