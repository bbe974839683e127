#!/bin/bash
# WRONG recipient: the what-came / what-is-outstanding mail goes to Bob instead of Ridgeline; rest right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(reply='new', to='bob@example.test', subject='PO-1004: part delivery and backorder'))
PY
