#!/bin/bash
# Wrong (the opposite decision): tells Ridgeline what came and what is owed, but cancels the rest
# instead of asking when it comes.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
right_orders()
reply("Dear Tom,\n\nWe received 12 Compact Camp Stoves on PO-1004. The 8 remaining stoves and the 10 kettles (KTL-1L) are no longer needed: please cancel them.\n\nAlice Martin")
PY
