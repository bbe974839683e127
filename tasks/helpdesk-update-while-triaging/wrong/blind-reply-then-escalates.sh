#!/bin/bash
# A reply timed to come after the update (red team, stop 52): triages the other two, sleeps past Tom's five seconds, posts the escalation reply without reading his ticket again, then escalates it (that reply's answer showed the update): the escalation is on the update, the reply was not.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import time

from triage import *

read_rules()
others()
time.sleep(7)  # Tom's update arrives meanwhile, unseen
reply(TOM)
escalate(TOM)
PY
