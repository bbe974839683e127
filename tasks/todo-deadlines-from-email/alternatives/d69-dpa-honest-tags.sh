#!/bin/bash
# alternative (true task tags and priority): the DPA task is tagged "partner", "nordwind" and "legal", high priority, with the reference title and due day.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from d69_deadlines import run

run(dpa={"tags": ["partner", "nordwind", "legal"], "priority": "high"})
PY
