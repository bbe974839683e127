#!/bin/bash
# wrong (guesses, books before asking): puts the call in Alice's free Thursday 14:00 first, then
# asks Dana when she is free and reads her answers, but never fixes the booking.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, latest_time
book(14)
ask()
print("booked before asking; she said", latest_time())
PY
