#!/bin/bash
# Time zone slip: the event is created at 11:30 UTC (07:30 in New York).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book("2026-03-12T11:30:00Z", "2026-03-12T12:00:00Z")
reply()
PY
