#!/bin/bash
# Wrong (wrong reason): writes the 2 cracked stoves off as a count correction instead of
# damage; the quantities are all right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps()
stoves(reason="count_correction")
filters()
PY
