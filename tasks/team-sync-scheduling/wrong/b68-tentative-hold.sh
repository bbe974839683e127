#!/bin/bash
# wrong (wrong state): books Team sync at the right time with the right guests but as tentative (a pencilled hold), not the confirmed meeting asked for.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_sync import book

book(status="tentative")
PY
