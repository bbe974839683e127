#!/bin/bash
# Wrong (the look-alike decoy): files the hotel's January invoice (same hotel, a trip already
# reimbursed) instead of the March one.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from receipt_steps import *  # noqa: F403 (the steps the wrong solutions share)

pdf = attachment("folder=Receipts&q=adlon")
correct_hotel(376.25, "EUR", "2026-01-16")
attach(pdf)
submit()
PY
