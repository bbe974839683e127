#!/bin/bash
# wrong (time zone): her 3:00 pm Eastern booked as 15:00 UTC (11:00 in New York).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, latest_time
ask()
book(*latest_time(), tz="UTC")
PY
