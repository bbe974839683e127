#!/bin/bash
# Wrong (collateral damage): does the whole job right, then also restores the Data Platform
# team's look-alike runbook to the version Kenji's comment prefers (not ours to change).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
do_all()
restore(1, OTHER_RUNBOOK)
PY
