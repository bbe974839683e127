#!/bin/bash
# Wrong (look-alike product): writes off 2 of the two-burner stoves STV-CMP2, which Bob
# says are fine, instead of the plain STV-CMP.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps()
stoves(sku="STV-CMP2")
filters()
PY
