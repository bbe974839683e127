#!/bin/bash
# WRONG (partial): drafts the two purchase orders right but never sends them, so no supplier is mailed; receipt and mail right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(send=False))
PY
