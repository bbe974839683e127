#!/bin/bash
# wrong (hedges): books both of the times she named, 14:00 and 15:00, each with Dana invited.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, latest_time
ask()
latest_time()
book(14)
book(15)
PY
