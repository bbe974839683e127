#!/bin/bash
# Wrong (a wrong amount): counts the tents on hand (12) instead of available, forgetting the 2
# reserved for Northwind, so orders 20 tents; gas is right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
right_orders(tents=20)
reply()
PY
