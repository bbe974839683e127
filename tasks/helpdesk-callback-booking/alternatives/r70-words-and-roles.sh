#!/bin/bash
# alternative (time in words): the right booking, the reply giving the time as "half past eleven in the morning on Thursday the 12th", the description naming Tom by role
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from r70_callback import book

book(description="Half an hour with the requester of {code}: he shows us the Harbour room's screen share dropping.", reply="Hi Tom,\n\nYou are in my calendar for half past eleven in the morning on Thursday the 12th, New York time, for thirty minutes. The invitation is on its way by mail.\n\nAlice")
PY
