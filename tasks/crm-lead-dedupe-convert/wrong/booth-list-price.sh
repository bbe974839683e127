#!/bin/bash
# Wrong (stale amount from the duplicate record): takes the price from the badge-scan entry's notes (the booth's list price, USD 52,000) instead of the quote in the referral entry; the note says 52,000 too.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert(amount=52000)
unqualify()
log_call(c, body=NOTE.replace("48,500", "52,000"))
merge()
PY
