#!/bin/bash
# Wrong (collateral damage): files and submits the ITB report right, then also submits the
# open Munich draft, which the instruction leaves alone.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from receipt_steps import *  # noqa: F403 (the steps the wrong solutions share)

pdf = invoice("room%20412")
correct_hotel(609.53, "EUR", "2026-03-05")
attach(pdf)
submit()
(munich,) = expense.call("GET", "/reports?status=draft&q=Munich")["items"]
expense.call("POST", f"/reports/{munich['id']}/submit", {})
PY
