#!/bin/bash
# WRONG (copied text, no question): the reply pastes PO-1004's status (ordered/received/outstanding per line and its stale 'Expected date: 2026-03-10') and never asks Ridgeline when the rest will come.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(body='PO-1004 status (Ridgeline Cookware, East Coast DC)\nStatus: partly received\nExpected date: 2026-03-10\n\nSTV-CMP Compact Camp Stove: ordered 20, received 12, outstanding 8\nKTL-1L Camp Kettle 1 L: ordered 10, none received, outstanding 10\n\nAlice Martin'))
PY
