#!/bin/bash
# Wrong (a wrong amount in the mail): says 12 stoves came but 12 are still owed, with the
# kettles.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
right_orders()
reply("Dear Tom,\n\nOn PO-1004 we received 12 Compact Camp Stoves today. Still outstanding: 12 stoves and 10 kettles (KTL-1L). When do you expect to ship them?\n\nAlice Martin")
PY
