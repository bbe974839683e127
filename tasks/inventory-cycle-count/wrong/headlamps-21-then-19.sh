#!/bin/bash
# Wrong (the same thing twice, stale first): books the first count (21), then the recount (19):
# the end figure is right but the move history holds a correction that never happened.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps(counted=21)
headlamps(counted=19)
stoves()
filters()
PY
