#!/bin/bash
# Wrong (partial job): the payments and categories are right, but the repeated paper charge is
# left without a word in its memo.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
right_payments()
right_categories()
PY
