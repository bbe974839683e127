#!/bin/bash
# wrong (timing): asks Maria which room, but books the usual guess (Aurora, 10:00-11:00) before her answer arrives, then moves it to her 10:30-11:30; the booking came before the answer.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION)
day = thursday(cal)
ev = book(cal, day, "10:00", "11:00")
print(wait_reply(mail)["body"])
cal.call("PATCH", "/events/%s" % ev["id"], {"start": f"{day}T10:30:00", "end": f"{day}T11:30:00", "timezone": "America/New_York"})
PY
