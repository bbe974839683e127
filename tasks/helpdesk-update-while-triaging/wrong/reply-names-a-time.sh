#!/bin/bash
# Content: promises a call at a clock time of its own (14:00) instead of Technical Escalations within the hour.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
others()
escalate(TOM)
reply(TOM, "Hi Tom,\n\nI have escalated this as urgent to our Technical Escalations team; they will call you at 14:00.\n\nAlice")
PY
