#!/bin/bash
# alternative (date as "the 12th", zone as "Eastern"): the right booking, the reply "Thursday the 12th at 11:30 a.m. Eastern, thirty minutes", the description naming Tom by role
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from r70_callback import book

book(description="Half an hour with the requester of {code}, who will share his screen from the Harbour room.", reply="Hi Tom,\n\nI have booked us for Thursday the 12th at 11:30 a.m. Eastern, thirty minutes. The invitation is on its way by mail.\n\nAlice")
PY
