#!/bin/bash
# Wrong (writing to another supplier): does everything right, then answers the discount
# wholesaler's offer to decline it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

all_right()
(offer,) = MAIL.call("GET", "/messages?q=better%20prices")["items"]
MAIL.call("POST", f"/messages/{offer['id']}/reply", {"body": "Thanks Kim, we stay with our suppliers."})
PY
