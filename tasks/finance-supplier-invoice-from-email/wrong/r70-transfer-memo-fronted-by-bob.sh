#!/bin/bash
# wrong (free text: transaction memo): the transfer out of Business Checking says Bob fronted it from his own pocket and is to be reimbursed.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(transfer_memo="{number}, fronted by Bob out of his own pocket; reimburse him")
PY
