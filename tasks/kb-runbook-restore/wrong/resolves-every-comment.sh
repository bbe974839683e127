#!/bin/bash
# Wrong (collateral damage): resolves every open comment it can see, Kenji's question on the
# Data Platform runbook too.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
do_all()
for c in open_comments(OTHER_RUNBOOK):
    resolve(c)
PY
