#!/bin/bash
# Wrong place (decoy): replies on Tom's solved VPN ticket, reopened, instead of the open one.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book()
reply(code=OLD_TICKET, status="open")
desk.call("PATCH", f"/tickets/{TICKET}", {"status": "on-hold"})
PY
