#!/bin/bash
# Decoy (stale availability): books Wednesday 11 March 14:00, the time Tom offered first and
# withdrew in his later comment, and says so on the ticket.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book("2026-03-11T14:00:00", "2026-03-11T14:30:00")
reply(reply_text("Wednesday 11 March at 14:00"))
PY
