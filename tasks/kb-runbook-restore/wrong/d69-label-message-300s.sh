#!/bin/bash
# wrong (free text: label edit version message): marks the page verified with the message "health check 300 s, pg-replica-1", contradicting the restored 30 s and pg-replica-2
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_runbook import restore

restore(label_message="Verified: failover after a 300 s health check, promote pg-replica-1")
PY
