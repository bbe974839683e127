#!/bin/bash
# Wrong (right effect, wrong details): attaches the invoice to the hand-entered item and
# submits, but keeps the booking's estimate (567.00, dated the arrival) instead of the invoice.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from receipt_steps import *  # noqa: F403 (the steps the wrong solutions share)

attach(invoice("room%20412"))
submit()
PY
