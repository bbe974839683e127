#!/bin/bash
# wrong (free text: invoice memo): asks for payment the moment the invoice lands (due on receipt), where the terms are 45 days.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(memo="Settle the moment this lands, please.")
PY
