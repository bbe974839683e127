#!/bin/bash
# wrong (Dana as an optional guest): the right time, but her attendance marked optional.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import DANA, ask, book, latest_time
ask()
book(*latest_time(), attendees=[{"email": DANA, "optional": True}])
PY
