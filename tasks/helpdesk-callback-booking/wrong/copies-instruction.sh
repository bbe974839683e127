#!/bin/bash
# Copy: the reply pastes Tom's own availability back to him, with no booked time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book()
reply("Hi Tom, you said: I can do Thursday 12 March between 10:00 and 12:00, or Friday 13 March between 15:00 and 17:00 (New York time). Still 30 minutes. Alice")
PY
