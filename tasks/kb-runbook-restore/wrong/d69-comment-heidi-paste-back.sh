#!/bin/bash
# wrong (free text: new page comment): asks Heidi to paste her Q4 notes back over the page, which would undo the restore
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_runbook import restore

restore(comment="Heidi, I restored the runbook; if you still need your Q4 close notes here, just paste them back over it.")
PY
