#!/bin/bash
# Wrong (decoy): merges the duplicate into Maria's oldest ticket, the solved one about her
# logo, and answers there; her PDF ticket with Carol's note is left untouched.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge(NEWER, LOGO)
desk.call("PATCH", f"/tickets/{LOGO}", {"assignee": "alice", "priority": "high", "tags": ["invoices", "month-end", "pdf"]})
reply(LOGO, status=None)
PY
