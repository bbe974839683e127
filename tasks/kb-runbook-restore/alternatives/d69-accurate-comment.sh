#!/bin/bash
# alternative (true page comment): says the page is back to version 2 and why
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_runbook import restore

restore(comment="Restored to version 2 (30 s health check, pg-replica-2, fencing). Version 3's 300 s and the pasted Q4 notes are gone.")
PY
