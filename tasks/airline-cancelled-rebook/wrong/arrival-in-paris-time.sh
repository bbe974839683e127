#!/bin/bash
# Wrong (right effect, wrong details): rebooks onto the right flight and mails Bob, but gives
# the landing time in Lyon's time zone (the booking's), not London's.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from datetime import datetime
from zoneinfo import ZoneInfo

from booking_mover import earliest_open, mail_bob, rebook

new = earliest_open()
rebook(new)
landing = datetime.fromisoformat(new["scheduled_arrival_local"])
paris = landing.astimezone(ZoneInfo("Europe/Paris")).strftime("%H:%M")
mail_bob(f"New flight tomorrow: {new['number']}",
         f"I'm now on {new['number']}, landing at Heathrow at {paris}.")
PY
