#!/bin/bash
# A guess, replied to later: escalates Tom's ticket as urgent at once on its first sight (one person blocked: the rules say high), triages the other two, then six seconds later (Tom's update arrives meanwhile) posts the escalation reply without reading anything again (red team, stop 50).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import time

from triage import *

escalate(TOM)  # on first sight, before Tom's update: a guess
others()
time.sleep(6)  # Tom's update arrives meanwhile
reply(TOM)
PY
