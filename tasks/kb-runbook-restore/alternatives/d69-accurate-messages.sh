#!/bin/bash
# alternative (version messages agree with what was done): names version 2, its labels plus verified, and that the checklist is ready
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_runbook import restore

restore(restore_message="Restore version 2, the last good one (before the 300 s health check edit and the pasted notes)", label_message="Labels of version 2 plus verified", publish_message="Ready for the quarterly drill")
PY
