#!/bin/bash
# Wrong (wrong kind of booking): "moves" the filters by writing 6 off EAST-B-01 as lost and
# adding 6 to EAST-B-02 as found, instead of a transfer.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps()
stoves()
call("POST", "/stock/adjustments", {"sku": "WTR-FLT", "bin": "EAST-B-01", "reason": "loss", "change": -6})
call("POST", "/stock/adjustments", {"sku": "WTR-FLT", "bin": "EAST-B-02", "reason": "found", "change": 6})
PY
