#!/bin/bash
# alternative (wording, other thread): replies in Dana's own thread ("Tomorrow in Chicago"),
# giving the landing time on a 12-hour clock.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import current, lands, mail, rebook, the_right_flight

right = the_right_flight()
rebook(right)
flight = current(right)
hour, minute = (int(x) for x in lands(flight).split(":"))
twelve = f"{(hour - 1) % 12 + 1}:{minute:02d} {'pm' if hour >= 12 else 'am'}"
inbox = mail.call("GET", "/messages?folder=inbox&per_page=100")["items"]
dana = next(m for m in inbox if m["from_address"] == "dana@example.test")
mail.call("POST", f"/messages/{dana['id']}/reply", {
    "body": f"Hi Dana,\n\nNew plan: I'm on {flight['number']}, landing at O'Hare at {twelve} "
            "Chicago time.\n\nAlice",
})
print("moved to", flight["number"], "replied with", twelve)
PY
