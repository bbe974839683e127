#!/bin/bash
# Wrong (blind tester, stop 48), opposite message: moves the call to Friday 11:00, but tells Tom politely that Friday does not work and the call stays on Thursday 12 March at 15:00.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import follow_in_thread
print(follow_in_thread("Hi Tom,\n\nSorry to hear that, but I'm afraid Friday 13 March at 11:00 doesn't work for me, so let's keep the Q2 budget review on Thursday 12 March at 15:00 as booked - could you do it before your flight?\n\nAlice"))
PY
