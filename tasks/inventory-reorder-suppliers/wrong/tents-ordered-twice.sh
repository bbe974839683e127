#!/bin/bash
# Wrong (the same thing twice): sends the tent order to Summit twice.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

all_right()
order(SUMMIT, [{"sku": "TNT-2P", "quantity": 22}])
PY
