#!/bin/bash
# wrong (no guest): the right time (her correction, 15:00), but Dana is not invited.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, latest_time
ask()
book(*latest_time(), attendees=[])
print("booked without Dana")
PY
