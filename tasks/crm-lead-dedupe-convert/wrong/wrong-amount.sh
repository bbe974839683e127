#!/bin/bash
# Wrong (right action, wrong detail): the deal at 45,800 (digits swapped) instead of 48,500; the note says 45,800 too.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert(amount=45800)
unqualify()
log_call(c, body=NOTE.replace('48,500', '45,800'))
merge()
PY
