#!/bin/bash
# Content: a vague reply: thanks him and says someone will look at it, with no escalation and no time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
others()
escalate(TOM)
reply(TOM, "Hi Tom,\n\nthanks for letting us know. Someone will look at this.\n\nAlice")
PY
