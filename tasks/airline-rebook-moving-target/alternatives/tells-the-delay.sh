#!/bin/bash
# alternative (wording): the mail tells the story: LC514 was cancelled too, LC516 was due at
# 14:40 but is delayed and now lands at 15:25 (3:25 pm) Chicago time; both old times given as
# what was planned.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import current, lands, mail_dana, rebook, scheduled_landing, the_right_flight

right = the_right_flight()
rebook(right)
flight = current(right)
planned, now = scheduled_landing(flight), lands(flight)
mail_dana(
    f"Tomorrow: {flight['number']}",
    "Hi Dana,\n\nLC512 was cancelled, and the next flight, LC514, was cancelled as well while I "
    f"was rebooking. I'm now on {flight['number']} out of Boston. It was scheduled to land at "
    f"{planned}, but it is delayed: it now lands at O'Hare at {now} (3:25 pm Chicago time).\n\n"
    "See you at arrivals,\nAlice",
)
print("moved to", flight["number"], "landing", now)
PY
