#!/bin/bash
# wrong (asks but never books): sends the question, reads both of Dana's mails, and stops.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, latest_time
ask()
print("she asked for", latest_time(), "- nothing booked")
PY
