#!/bin/bash
# alternative (free text: reply in Bob's "Pick-up tomorrow" thread, mail read first): arrival in words and 12-hour form ("five past two in the afternoon, 2:05 pm London time"), day as "Tuesday the 3rd", plus true extra detail (leaves Lyon 13:20 French time, LC214 cancelled for a crew shortage)
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
    f"so I'm now on flight {new['number']}. It leaves Lyon at {dep} French time and lands at "
    f"Heathrow at five past two in the afternoon, London time (2:05 pm), tomorrow, Tuesday the "
    f"3rd.\n\nSee you at arrivals, and thanks again!\nAlice")})
PY
