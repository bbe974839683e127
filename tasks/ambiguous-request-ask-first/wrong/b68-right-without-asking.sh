#!/bin/bash
# wrong (guessed right without asking): books exactly the event Maria will want (Aurora, 10:30-11:30, her invited), as if it knew the answer, without ever asking her.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, book

book("10:30", "11:30", AURORA)
PY
