#!/bin/bash
# Wrong (a look-alike acted on, refused by the CRM): first tries to merge Marisol Vega of Kestrel Aviation (Bob's contact) into the original Marisol, which the CRM refuses, then does the job right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
try:
    merge(keep=1, duplicate=7)
except Exception as exc:
    print('refused:', exc)
c = convert()
unqualify()
log_call(c)
merge()
PY
