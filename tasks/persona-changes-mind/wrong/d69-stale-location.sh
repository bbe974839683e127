#!/bin/bash
# wrong (free text: event location): location written at booking, "Phone, Thursday 12 March 15:00", kept after the call moved to Friday
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_tom import book

book(location=lambda when: f"Phone, {when:%A %-d %B} {when:%H:%M}", refresh=False)
PY
