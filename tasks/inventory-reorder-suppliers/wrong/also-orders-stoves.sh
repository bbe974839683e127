#!/bin/bash
# Wrong (acting on a covered item): orders 20 more stoves from Ridgeline, as if nothing were still
# to come on PO-1004; the rest is right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

all_right()
order(RIDGELINE, [{"sku": "STV-CMP", "quantity": 20}])
PY
