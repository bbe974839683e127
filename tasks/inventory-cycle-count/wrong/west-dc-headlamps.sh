#!/bin/bash
# Wrong (decoy: the same SKU in another warehouse): corrects HDL-200 in the West DC's
# WEST-B-01, which also shows 24, instead of EAST-B-03; the rest is right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps(bin_="WEST-B-01")
stoves()
filters()
PY
