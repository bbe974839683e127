#!/bin/bash
# wrong (free text: restore version message): restores version 2 but records it as "Restore version 3 (300 s health check)", the bad edit
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_runbook import restore

restore(restore_message="Restore version 3: Dave's clarified health check (300 s)")
PY
