#!/bin/bash
# Wrong (what it writes carries a wrong fact): everything right, but the call note says she signs by 30 April.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert()
unqualify()
log_call(c, body=NOTE.replace('17 April', '30 April'))
merge()
PY
