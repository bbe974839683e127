#!/bin/bash
# Wrong (look-alike decoy: the version just before the damage): restores version 3, Dave's
# edit with the 300 s health check Frank's comment calls wrong, then does the rest right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
do_all(3)
PY
