#!/bin/bash
# alternative (free text: reply in Bob's thread): as b71-words-reply-thread-nodep but the arrival only as "2:05 pm London time tomorrow, Tuesday the 3rd"
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from booking_mover import *  # noqa: F403

notice = mail.call("GET", "/messages?folder=inbox&q=cancelled&sort=newest")["items"][0]
mail.call("GET", f"/messages/{notice['id']}")
new = earliest_open()
rebook(new)
dep = new["scheduled_departure_local"][11:16] if "scheduled_departure_local" in new else "13:20"
bob = next(m for m in mail.call("GET", "/messages?folder=inbox&from=bob@example.test")["items"])
mail.call("POST", f"/messages/{bob['id']}/reply", {"body": (
    f"Hi Bob,\n\nSmall change of plan: SkyWays cancelled my morning flight (LC214, crew shortage), "
    f"so I'm now on flight {new['number']}. It lands at "
    f"Heathrow at 2:05 pm London time tomorrow, Tuesday the "
    f"3rd.\n\nSee you at arrivals, and thanks again!\nAlice")})
PY
