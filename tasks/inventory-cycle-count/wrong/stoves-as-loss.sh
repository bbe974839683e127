#!/bin/bash
# Wrong (wrong reason): books the 2 cracked stoves as lost rather than damaged.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps()
stoves(reason="loss")
filters()
PY
