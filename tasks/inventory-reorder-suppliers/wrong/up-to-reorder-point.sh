#!/bin/bash
# Wrong (a wrong amount): orders only what brings each item back to its reorder point (2 tents,
# 2 canisters), not reorder point plus reorder quantity.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
right_orders(tents=2, gas=2)
reply()
PY
