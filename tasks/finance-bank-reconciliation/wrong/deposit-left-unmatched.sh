#!/bin/bash
# Wrong (partial job): the furniture deposit is half the desk bill, so it is left unmatched as
# "not a match"; the rest is right (its category fixed too).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
pay("INV-0041", 101)
pay("INV-0044", 105)
right_categories()
memo(102, DUPLICATE_MEMO)
PY
