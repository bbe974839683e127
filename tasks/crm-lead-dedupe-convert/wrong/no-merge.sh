#!/bin/bash
# Wrong (partial job): the lead work and the call are right, but Marisol's duplicate contact is left in place.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert()
unqualify()
log_call(c)
PY
