#!/bin/bash
# wrong (free text: task tags): the open DPA task is tagged "done" and "sent", claiming what was not done.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_deadlines import run

run(dpa={"tags": ["partner", "done", "sent"]})
PY
