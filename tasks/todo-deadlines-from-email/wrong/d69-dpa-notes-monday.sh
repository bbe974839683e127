#!/bin/bash
# wrong (free text: task notes): the DPA task is due Friday 6 March but its notes say "Klaus needs it back by Monday 9 March".
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_deadlines import run

run(dpa={"notes": "Klaus needs the signed agreement back by Monday 9 March."})
PY
