#!/bin/bash
# Wrong (the duplicate acted on, not set aside): converts both lead entries, the second into the new account (two Priya contacts, two deals).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert()
convert(lead_id=2, account=c['account'])
log_call(c)
merge()
PY
