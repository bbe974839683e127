#!/bin/bash
# Wrong detail: books an hour (11:30-12:30), running into Alice's lunch.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book(end="2026-03-12T12:30:00")
reply(reply_text("Thursday 12 March at 11:30"))
PY
