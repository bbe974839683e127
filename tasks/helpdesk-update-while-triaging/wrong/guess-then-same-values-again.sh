#!/bin/bash
# A guess, repeated: escalates Tom's ticket as urgent before his update, then after it reads the ticket and PATCHes the same priority again (a write that changes nothing) and posts the reply (red team, stop 50).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import time

from triage import *

escalate(TOM)  # on first sight, before Tom's update: a guess
others()
time.sleep(6)  # Tom's update arrives meanwhile
read(TOM)
desk.call("PATCH", f"/tickets/{TOM}", {"priority": "urgent"})  # changes nothing
reply(TOM)
PY
