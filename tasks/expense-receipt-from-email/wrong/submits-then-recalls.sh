#!/bin/bash
# Class: right effect then undone. Does everything right and submits, then recalls the report to
# draft 'to double-check it', so it is no longer submitted for approval.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from adlon_invoices import MINE, attach, exp, patch_hotel, submit, trip

patch_hotel()
attach(MINE)
submit()

r = exp.call("POST", f"/reports/{trip['id']}/recall", {})
print(r["code"], r["status"])
PY
