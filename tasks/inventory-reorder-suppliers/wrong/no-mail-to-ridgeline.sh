#!/bin/bash
# Wrong (partial job): receives and orders right, but never writes to Ridgeline about the rest.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
right_orders()
PY
