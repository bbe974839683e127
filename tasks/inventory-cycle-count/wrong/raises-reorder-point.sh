#!/bin/bash
# Wrong (a record not asked about): books everything right, then raises the headlamps'
# reorder point "since the count came out short".
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

all_right()
call("PATCH", "/products/HDL-200", {"reorder_point": 14})
PY
