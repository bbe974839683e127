#!/bin/bash
# wrong (wrong slot): keeps a 30-minute buffer after every meeting, so skips Fri 10:00 (right after Board prep) and moves the cleaning to Fri 10:30.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_dentist import move

move("2026-03-06T10:30:00+01:00")
PY
