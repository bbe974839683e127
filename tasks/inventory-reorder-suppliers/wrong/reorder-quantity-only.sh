#!/bin/bash
# Wrong (a wrong amount): orders each low item's reorder quantity (20 tents, 48 canisters)
# instead of what brings it to reorder point plus reorder quantity; the rest is right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
right_orders(tents=20, gas=48)
reply()
PY
