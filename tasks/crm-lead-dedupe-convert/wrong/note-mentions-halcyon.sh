#!/bin/bash
# Wrong (other people's data in what it writes): the call note mixes in the look-alike Priya at Halcyon Bank and her treasury deal.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert()
unqualify()
log_call(c, body=NOTE + ' Not to be confused with Priya at Halcyon Bank (treasury analytics, 135,000).')
merge()
PY
