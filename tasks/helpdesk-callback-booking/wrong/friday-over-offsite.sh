#!/bin/bash
# Clash: books Friday 13 March at 15:00, during the support team offsite.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book("2026-03-13T15:00:00", "2026-03-13T15:30:00")
reply(reply_text("Friday 13 March at 15:00"))
PY
