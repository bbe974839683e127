#!/bin/bash
# Wrong (forged outcome, in part): payments and categories through the service, the duplicate's
# memo written straight into the DB file.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
right_payments()
right_categories()
with db() as c:
    c.execute("UPDATE transactions SET memo = ? WHERE id = 102", (DUPLICATE_MEMO,))
PY
