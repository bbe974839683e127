#!/bin/bash
# Wrong status: the ticket is solved with the reply instead of waiting on Maria.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields()
desk.call("POST", f"/tickets/{OLDER}/solve", {"resolution": reply_text()})
PY
