#!/bin/bash
# Wrong (output in the wrong place): mails each supplier its order by hand instead of raising
# purchase orders in the inventory.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
MAIL.call("POST", "/messages/send", {"to": ["orders@summit-outdoor.example"], "subject": "Purchase order", "body": "Please supply 22 x TNT-2P Trailhead 2-Person Tent at 92.00, delivery by 2026-03-20 to East Coast DC."})
MAIL.call("POST", "/messages/send", {"to": ["orders@alpinefuel.example"], "subject": "Purchase order", "body": "Please supply 50 x GAS-230 canisters at 3.20, delivery by 2026-03-15 to East Coast DC."})
reply()
PY
