#!/bin/bash
# Wrong (wrong detail): the early estimate of about 2,000 failures instead of the final 1,312.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
do_all(BODY.replace("1,312 checkouts failed", "About 2,000 checkouts failed"))
PY
