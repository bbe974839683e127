#!/bin/bash
# Right triage, plus a tidy-up of a ticket already being worked (Tom's older CRM export ticket set urgent too, since it is the same customer).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
others()
escalate(TOM)
reply(TOM)
desk.call("PATCH", "/tickets/TK-1095", {"priority": "urgent"})
PY
