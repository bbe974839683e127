#!/bin/bash
# Wrong (decoy): takes Mario Gonzales's PDF ticket for Maria's other one and merges it into her
# ticket, then answers correctly.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge(MARIO_TICKET, OLDER)
set_fields()
reply()
PY
