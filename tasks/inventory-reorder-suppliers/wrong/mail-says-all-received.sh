#!/bin/bash
# Wrong (wrong facts in the mail): tells Ridgeline the 20 stoves came and only the kettles are
# owed.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
right_orders()
reply("Dear Tom,\n\nWe received the 20 Compact Camp Stoves on PO-1004, thank you. Only the 10 Camp Kettles (KTL-1L) are still outstanding: when will they come?\n\nAlice Martin")
PY
