#!/bin/bash
# Output in the wrong place: the answer is written as an internal note, so Maria never gets it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields()
reply(public=False, status="pending")
PY
