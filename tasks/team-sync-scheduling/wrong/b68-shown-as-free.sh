#!/bin/bash
# wrong (wrong state): books Team sync at the right time with the right guests but marks it transparent (shown as free), so the meeting does not block anyone's time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_sync import book

book(transparency="transparent")
PY
