#!/bin/bash
# Wrong (blind tester, stop 48) detail in the message: moves the call to Friday 11:00 correctly, but the new confirmation says "Thursday 13 March at 11:00" (the old weekday with the new date and time).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import follow_in_thread
print(follow_in_thread("Hi Tom,\n\nNo problem - I have moved the Q2 budget review to Thursday 13 March at 11:00, 30 minutes. The invitation is updated.\n\nAlice"))
PY
