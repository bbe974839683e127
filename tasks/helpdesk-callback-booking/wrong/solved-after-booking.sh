#!/bin/bash
# Wrong status: the ticket is solved with the reply.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book()
desk.call("POST", f"/tickets/{TICKET}/solve", {"resolution": reply_text()})
PY
