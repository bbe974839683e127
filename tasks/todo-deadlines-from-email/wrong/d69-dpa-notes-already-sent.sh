#!/bin/bash
# wrong (free text: task notes): the open DPA task claims "Already signed and sent to Klaus on 2 March", which was not done.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_deadlines import run

run(dpa={"notes": "Already signed and sent to Klaus on 2 March; nothing left to do."})
PY
