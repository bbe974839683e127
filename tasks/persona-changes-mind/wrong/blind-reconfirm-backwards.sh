#!/bin/bash
# Wrong (blind tester, stop 48) message, change stated backwards: moves the call to Friday 11:00, but the confirmation says it moved FROM Friday 13 March at 11:00 TO Thursday 12 March at 15:00.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import follow_in_thread
print(follow_in_thread("Hi Tom,\n\nNo problem - I have moved the Q2 budget review from Friday 13 March at 11:00 to Thursday 12 March at 15:00, still 30 minutes. The invitation is updated.\n\nAlice"))
PY
