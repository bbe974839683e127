#!/bin/bash
# Wrong (a stale time as current): everything right but the summary, which says the failures
# lasted until 10:40 (Grace's first guess).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
do_all(BODY.replace("from 09:14 to 10:52 UTC", "from 09:14 until 10:40 UTC"))
PY
