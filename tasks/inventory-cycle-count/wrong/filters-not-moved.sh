#!/bin/bash
# Wrong (partial job): books the headlamp correction and the damaged stoves, but never moves
# the water filters in the system.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps()
stoves()
PY
