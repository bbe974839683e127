#!/bin/bash
# Wrong (partial job): matches and flags correctly but leaves the desk deposit under Travel and
# the electricity under Dining.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
right_payments()
memo(102, DUPLICATE_MEMO)
PY
