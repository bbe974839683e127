#!/bin/bash
# wrong (free text: ticket tags): tags the ticket "callback-thu-19th", a week after the call booked on the 12th
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_callback import book

book(tags=("callback-thu-19th",))
PY
