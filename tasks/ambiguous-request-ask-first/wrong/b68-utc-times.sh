#!/bin/bash
# wrong (wrong zone): asks, then books Aurora 10:30-11:30 in UTC (06:30 in New York) instead of Alice's New York time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, QUESTION, answer, ask, book

ask(QUESTION)
said = answer()
book("10:30", "11:30", AURORA, tz="UTC")
PY
