#!/bin/bash
# Wrong (wrong bin): receives the 12 stoves straight into EAST-B-02, not the receiving dock
# where Bob put them.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive(bin_="EAST-B-02")
right_orders()
reply()
PY
