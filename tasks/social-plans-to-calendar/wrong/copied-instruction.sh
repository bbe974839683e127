#!/bin/bash
# wrong (content: copied-instruction): right events, but the reply sent to each friend is the task
# instruction pasted back instead of telling them the plan is in the calendar.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from friends_plans import PLANS, add, calendar, dm

TEXT = ("Put every plan that is still on into my calendar: one event per plan, titled after the plan, at the time the "
        "friend proposed, two hours long, with the place as the event\x27s location. Then reply to each friend whose plan "
        "you added, in our conversation, that it is in my calendar.")
for f, p in PLANS.items():
    add(*p)
    dm(f, TEXT)
PY
