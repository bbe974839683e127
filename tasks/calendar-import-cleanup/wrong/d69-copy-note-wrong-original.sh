#!/bin/bash
# wrong (free text: cancelled copies' descriptions): before cancelling each copy, writes "the real one is on Friday at 16:00", another time than the kept copy
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_cleanup import clean

clean(copy_note="Duplicate from the import: the real one is on Friday at 16:00.")
PY
