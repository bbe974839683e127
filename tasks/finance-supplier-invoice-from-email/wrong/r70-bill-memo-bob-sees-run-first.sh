#!/bin/bash
# wrong (free text: bill memo): a bill paid today says Bob wants to see the print run before it is settled.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(bill_memo="Bob wants to see the print run with his own eyes before this is settled.")
PY
