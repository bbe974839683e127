#!/bin/bash
# Partial: answers and updates the older ticket but never merges the newer one.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
set_fields()
reply()
PY
