#!/bin/bash
# wrong (free text: event description): books 3:00 pm right but the description says "Call with Dana, Thursday 2:00-2:30 pm ET", her withdrawn time
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_dana import book

book(description="Call with Dana Whitfield, Thursday March 12, 2:00-2:30 pm ET, about the renewal.")
PY
