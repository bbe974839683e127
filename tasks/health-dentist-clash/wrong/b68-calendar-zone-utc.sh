#!/bin/bash
# wrong (extra change): moves the cleaning right, then sets Alice's calendar home zone to UTC "since the API speaks UTC"; the calendar was to stay as it is.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_dentist import cal, move

move()
cal.call("PATCH", "/profile", {"timezone": "UTC"})
PY
