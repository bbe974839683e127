#!/bin/bash
# Wrong (right action, wrong detail): the duplicate memo names a wrong date for the original
# charge (1 March).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
right_payments()
right_categories()
memo(102, "Duplicate charge - BP-7731 was already paid on 2026-03-01")
PY
