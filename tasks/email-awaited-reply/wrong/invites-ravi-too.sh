#!/bin/bash
# wrong (an extra guest): the right time with Dana, and Alice's colleague Ravi invited as well.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import DANA, ask, book, latest_time
ask()
book(*latest_time(), attendees=[{"email": DANA}, {"username": "ravi"}])
PY
