#!/bin/bash
# Wrong (contaminated state, removed instead of fixed): deletes the hand-entered hotel item and
# adds the invoice as a new one, with the receipt, then submits; the instruction asks to fix it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from receipt_steps import *  # noqa: F403 (the steps the wrong solutions share)

pdf = invoice("room%20412")
expense.call("DELETE", f"{items}/{hotel['id']}")
attach(pdf, add_hotel(609.53, "2026-03-05")["id"])
submit()
PY
