#!/bin/bash
# Wrong (partial job): converts the right entry, logs the call and merges Marisol, but leaves the misspelt lead entry open (status new).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert()
log_call(c)
merge()
PY
