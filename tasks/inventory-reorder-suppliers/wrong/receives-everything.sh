#!/bin/bash
# Wrong (partial delivery taken as whole): receives everything outstanding on PO-1004 (20
# stoves, 10 kettles) into the dock, though only 12 stoves came.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive(everything=True)
right_orders()
reply()
PY
