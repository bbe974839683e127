#!/bin/bash
# Wrong (look-alike decoy): the later of the two equal paper charges is matched to the bill and
# the earlier one is memoed as the duplicate (the instruction says the earlier one pays).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
pay("INV-0041", 102)
pay("INV-0043", 104)
pay("INV-0044", 105)
right_categories()
memo(101, DUPLICATE_MEMO)
PY
