#!/bin/bash
# wrong (content: everyone-elses-items): rebooks onto LC216 and tells Bob so with its landing
# time, but the mail also lists every other flight into Heathrow that day with its landing time
# (the cancelled LC214, the full LC220, LC218, LC330 from Paris), facts about other flights Bob
# did not need and may act on.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import DAY, air, lands, mail_bob, rebook_onto

landing = lands(rebook_onto("LC216"))
lines = []
for f in air.call("GET", f"/flights?destination=LHR&date={DAY}&per_page=100")["items"]:
    lines.append(f"- {f['number']} from {f['origin']['city']}: lands {lands(f)} London time ({f['status']})")
mail_bob(f"New flight: LC216, landing {landing}", f"Hi Bob,\n\nMy flight was cancelled; I'm now on LC216, landing at Heathrow at {landing} London time. For the record, here are all of tomorrow's flights into Heathrow:\n" + "\n".join(lines) + "\n\nAlice")
print("moved; listed all flights")
PY
