#!/bin/bash
# alternative (true free text): description, location and a confirmation mail that all agree with the 3:00 pm booking
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from d69_dana import book

book(
    description="30-minute call with Dana Whitfield (Northwind Traders) about the contract "
    "renewal, Thursday March 12, 3:00-3:30 pm Eastern, the time she asked for.",
    location="Phone / video call",
    confirm="Hi Dana,\n\nThanks, 3:00 pm Eastern on Thursday (March 12) it is. I have sent you "
    "a calendar invitation for half an hour.\n\nBest,\nAlice",
)
PY
