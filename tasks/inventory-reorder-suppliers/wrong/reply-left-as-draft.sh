#!/bin/bash
# Wrong (output in the wrong place): writes the right mail to Ridgeline but leaves it in drafts.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
right_orders()
MAIL.call("POST", "/drafts", {"to": ["sales@ridgeline-cook.example"], "subject": "PO-1004", "body": RIGHT_BODY})
PY
