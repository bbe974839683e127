#!/bin/bash
# Wrong detail: the ticket is raised to urgent instead of high.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields(priority="urgent")
reply()
PY
