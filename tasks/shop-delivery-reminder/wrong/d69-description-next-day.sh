#!/bin/bash
# wrong (free text: event description): reminder on Thursday 5 March, description says the desk comes "Friday 6 March"
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_desk import remind

remind(description="FastFreight delivers the standing desk ({code}) on Friday 6 March, 08:00-18:00.")
PY
