#!/bin/bash
# Content: the opposite decision worded politely: escalates, but the reply tells Tom it is not urgent and stays in the normal queue.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
others()
escalate(TOM)
reply(TOM, "Hi Tom,\n\nthank you so much for the update, and sorry for the trouble. Having looked at it, this is not urgent for us, so it stays in the normal queue; we will get back to you as soon as we can.\n\nAlice")
PY
