#!/bin/bash
# wrong (guessed instead of asking): books Thursday 10:00-11:00 in the Aurora room, the room of the older review, with Maria invited, without checking which room she meant.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, book

book("10:00", "11:00", AURORA)
PY
