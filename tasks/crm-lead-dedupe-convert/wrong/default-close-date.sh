#!/bin/bash
# Wrong (right action, wrong detail): converts with the deal but leaves the close date to the CRM's default (30 days on) instead of 17 April.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = CRM.call('POST', '/leads/1/convert', {'create_deal': True, 'amount': 48500})
unqualify()
log_call(c)
merge()
PY
