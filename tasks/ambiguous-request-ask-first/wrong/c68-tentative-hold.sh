#!/bin/bash
# wrong (status): asks, gets Aurora 10:30-11:30 and books it, but as a tentative hold (status tentative), not a confirmed meeting.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_ask import *

mail, cal = clients()
ask(mail, QUESTION); print(wait_reply(mail)["body"])
book(cal, thursday(cal), "10:30", "11:30", status="tentative")
PY
