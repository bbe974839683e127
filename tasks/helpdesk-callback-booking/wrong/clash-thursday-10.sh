#!/bin/bash
# Clash: books Thursday at 10:00, the start of Tom's window, on top of Alice's quarterly review.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book("2026-03-12T10:00:00", "2026-03-12T10:30:00")
reply(reply_text("Thursday 12 March at 10:00"))
PY
