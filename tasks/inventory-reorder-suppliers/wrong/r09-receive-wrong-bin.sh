#!/bin/bash
# WRONG place: receives the 12 stoves straight into the cooking shelf EAST-B-02, though Bob put them on the receiving dock EAST-RCV; rest right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(receive_bin='EAST-B-02'))
PY
