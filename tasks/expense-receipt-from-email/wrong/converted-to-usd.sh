#!/bin/bash
# Wrong (right effect, wrong details): files the right invoice, but converts the total to
# dollars (609.53 EUR at 1.08) instead of keeping the currency it was charged in.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from receipt_steps import *  # noqa: F403 (the steps the wrong solutions share)

pdf = invoice("room%20412")
correct_hotel(658.29, "USD", "2026-03-05")
attach(pdf)
submit()
PY
