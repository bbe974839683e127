#!/bin/bash
# Wrong (decision stated opposite): the repeated charge's memo says it was checked and is not a
# duplicate.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
right_payments()
right_categories()
memo(102, "Checked against BP-7731: not a duplicate, second delivery of paper")
PY
