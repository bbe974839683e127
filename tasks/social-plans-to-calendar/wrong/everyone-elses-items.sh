#!/bin/bash
# wrong (content: everyone-elses-items): right events, but each reply lists every plan Alice has (other
# friends' plans, the cancelled ride and the webinar too), leaking the others' plans to each friend.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from friends_plans import PLANS, add, calendar, dm

ALL = ("In my calendar now: Jazz night with Bob at the Blue Note (Fri 6 March 20:00), birthday brunch with Carol at "
       "Café Lumière (Sun 8 March 11:30), book club at Erin\x27s (Thu 12 March 19:00), Dave\x27s bike ride from the "
       "Ferry Building (Sat 7 March 09:00, called off) and the City Events webinar (Tue 10 March 18:00).")
for f, p in PLANS.items():
    add(*p)
    dm(f, ALL)
PY
