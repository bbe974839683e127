#!/bin/bash
# wrong (length): the right time and guest, but an hour instead of half an hour.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, latest_time
ask()
book(*latest_time(), minutes=60)
PY
