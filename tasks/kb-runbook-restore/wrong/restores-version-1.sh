#!/bin/bash
# Wrong (older decoy): restores version 1, from before the October migration (pg-replica-1,
# decommissioned; 60 s; no fencing step), then does the rest right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
do_all(1)
PY
