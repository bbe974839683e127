#!/bin/bash
# A guess, read again: escalates Tom's ticket as urgent before his update, then after it reads the ticket once and only posts the reply, never setting the escalation on what it read (red team, stop 50).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import time

from triage import *

escalate(TOM)  # on first sight, before Tom's update: a guess
others()
time.sleep(6)  # Tom's update arrives meanwhile
read(TOM)  # read once after the update, and only replied: nothing set on what it read
reply(TOM)
PY
