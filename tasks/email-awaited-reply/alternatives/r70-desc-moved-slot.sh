#!/bin/bash
# alternative (true history in the description): the description says truthfully that Dana moved the call from two to three o'clock
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from r70_dana import run

run(description="Renewal call with Dana, half an hour. She first offered two o'clock, then moved it to three when her director took her earlier slot.")
PY
