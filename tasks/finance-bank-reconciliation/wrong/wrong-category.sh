#!/bin/bash
# Wrong (right action, wrong detail): the desk deposit is re-filed under Office supplies, not
# the supplier's usual Equipment.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
right_payments()
refile(104, "Office supplies")
refile(105, "Utilities")
memo(102, DUPLICATE_MEMO)
PY
