#!/bin/bash
# Wrong place then right: replies on the newer ticket before merging it (her mail says TK-1047),
# then merges; the kept ticket carries no reply of its own.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
set_fields(NEWER, tags=["invoices", "month-end"])
reply(NEWER, status=None)
merge()
set_fields()
desk.call("POST", f"/tickets/{OLDER}/comments", {"body": "Waiting on Maria to confirm after the release.", "public": False, "status": "pending"})
PY
