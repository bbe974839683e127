#!/bin/bash
# WRONG date: delivery dates from lead times counted in business days (Summit 2026-03-24, Alpine 2026-03-17) instead of calendar days (03-20, 03-15).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(due_override={'Summit Outdoor Supply': '2026-03-24', 'Alpine Fuel Co.': '2026-03-17'}))
PY
