#!/bin/bash
# wrong (zone): asks, gets Aurora 10:30-11:30, but writes the times with a fixed -05:00 offset (EST) although DST began on 8 March: the event sits at 11:30-12:30 EDT.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION); print(wait_reply(mail)["body"])
day = thursday(cal)
print(book(cal, day, "10:30", "11:30", offset="-05:00")["start_local"])
PY
