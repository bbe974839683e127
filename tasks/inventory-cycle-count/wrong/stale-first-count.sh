#!/bin/bash
# Wrong (stale amount): books the headlamps at 21, the first count of Bob's sheet, missing his
# recount of 19 later in the thread; the stoves and the filters are right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps(counted=21)
stoves()
filters()
PY
