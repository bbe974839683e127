#!/bin/bash
# Wrong (a draft left unsubmitted): corrects the hotel item and attaches the invoice, but
# never submits the report.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from receipt_steps import *  # noqa: F403 (the steps the wrong solutions share)

pdf = invoice("room%20412")
correct_hotel(609.53, "EUR", "2026-03-05")
attach(pdf)
PY
