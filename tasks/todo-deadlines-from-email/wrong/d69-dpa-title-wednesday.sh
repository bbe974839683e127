#!/bin/bash
# wrong (free text: task title): the DPA task due Friday 6 March is titled "... by Wednesday 4 March", the deck deadline, not the agreement one.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_deadlines import run

run(dpa={"title": "Send signed data processing agreement to Klaus by Wednesday 4 March"})
PY
