#!/bin/bash
# The reply is an internal note: Tom never hears that his ticket is escalated.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
others()
escalate(TOM)
reply(TOM, public=False)
PY
