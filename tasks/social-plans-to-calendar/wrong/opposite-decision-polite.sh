#!/bin/bash
# wrong (content: opposite-decision-polite): creates the three right events, but the replies politely
# tell each friend Alice cannot make it and has not put it in her calendar.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from friends_plans import PLANS, add, calendar, dm

for f, p in PLANS.items():
    add(*p)
    dm(f, f"Thank you so much for thinking of me! Unfortunately I cannot make the {p[0].lower()}, so I have not put it in my calendar. Have a lovely time!")
PY
