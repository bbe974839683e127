#!/bin/bash
# Escalates Tom's ticket after the update but writes him nothing.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
others()
escalate(TOM)
PY
