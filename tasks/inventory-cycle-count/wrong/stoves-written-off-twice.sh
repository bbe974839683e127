#!/bin/bash
# Wrong (the same thing twice): writes the 2 cracked stoves off twice, once per mail of the
# thread, so 4 leave the books.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps()
stoves()
filters()
stoves()
PY
