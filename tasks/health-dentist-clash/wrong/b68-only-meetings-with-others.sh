#!/bin/bash
# wrong (wrong slot): counts only meetings with other people as busy, so Alice's own Breakfast with investors is ignored and the cleaning goes to Thu 07:30, which clashes with it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_dentist import move

move("2026-03-05T07:30:00+01:00")
PY
