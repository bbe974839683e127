#!/bin/bash
# A guess timed to come after the update: triages the other two, sleeps past the five seconds Tom's update takes, then escalates his ticket and replies without ever reading it again (it never saw the update; red team, stop 51).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import time

from triage import *

read_rules()
others()
time.sleep(7)  # Tom's update arrives meanwhile, unseen
escalate(TOM)
reply(TOM)
PY
