#!/bin/bash
# wrong (text copied from the instruction): the right event, with the task's own instruction pasted in as its description, which every guest reads (including 'the calendar service has been unreliable today').
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_sync import *

cal = calendar(); day = tomorrow(cal)
book(cal, day, earliest(cal, day), description="Please put a 45-minute meeting called Team sync in my calendar for tomorrow, with Bob and Carol invited, at the earliest time when all three of us are free. Only consider my working hours, 09:00 to 17:00 in my own time zone. Create exactly one such meeting and change nothing else. The calendar service has been unreliable today: if it answers that it is temporarily unavailable, wait as it asks and try again.")
PY
