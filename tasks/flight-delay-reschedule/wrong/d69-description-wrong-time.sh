#!/bin/bash
# wrong (free text: event description): moves the workshop to 15:40 but its description says "moved to 15:00"
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_delay import move

move(description="Moved to 15:00 because my flight home is delayed.")
PY
