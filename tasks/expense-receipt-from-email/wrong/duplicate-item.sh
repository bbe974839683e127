#!/bin/bash
# Wrong (contaminated state ignored): adds the invoice as a second hotel item and leaves the
# hand-entered estimate; the submission is refused (the estimate has no receipt).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from receipt_steps import *  # noqa: F403 (the steps the wrong solutions share)

pdf = invoice("room%20412")
attach(pdf, add_hotel(609.53, "2026-03-05")["id"])
try:
    submit()
except Exception as exc:  # 409: the estimate lacks a receipt
    print("submit refused:", exc)
PY
