#!/bin/bash
# wrong (free text: calendar description): cleans up right, then notes "removed the duplicate Budget planning and 1:1 with Bob", the separate events it rightly kept
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_cleanup import clean

clean(calendar_note="Import clean-up: removed the duplicate Budget planning and 1:1 with Bob.")
PY
