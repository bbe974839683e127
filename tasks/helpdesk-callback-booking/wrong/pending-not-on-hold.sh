#!/bin/bash
# Wrong status: the ticket is set pending (waiting on Tom) instead of on hold.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book()
reply(status="pending")
PY
