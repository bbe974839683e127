#!/bin/bash
# Wrong (the poorer record kept): merges Marisol's original record into the trade-fair duplicate ('Marisol Vegas'), so the misspelt, recent record survives and the original is deleted.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert()
unqualify()
log_call(c)
merge(keep=5, duplicate=1)
PY
