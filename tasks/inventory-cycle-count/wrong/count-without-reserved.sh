#!/bin/bash
# Wrong (a wrong amount): takes the 19 counted as the free stock and books 13 on hand (19 less
# Dave's 6 reserved), though Bob's count includes the reserved units; the rest is right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps(counted=13)
stoves()
filters()
PY
