#!/bin/bash
# Wrong (wrong bin): moves the water filters to EAST-B-03, the electronics shelf, instead of
# EAST-B-02 where the other filters are.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps()
stoves()
filters(to_bin="EAST-B-03")
PY
