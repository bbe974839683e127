#!/bin/bash
# wrong (free text: bill memo): a bill paid on March 20 says it was settled on the eve of its due date (April 6).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(bill_memo="Settled on the eve of the due date.")
PY
