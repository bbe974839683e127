#!/bin/bash
# Disagreement: the event is right (Thursday 11:30) but the reply tells Tom 11:00.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book()
reply(reply_text("Thursday 12 March at 11:00"))
PY
