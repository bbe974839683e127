#!/bin/bash
# alternative (short true item description): "Hotel room, ITB Berlin, 2-5 March"
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_receipt import file_invoice

file_invoice(description="Hotel room, ITB Berlin, 2-5 March (3 nights)")
PY
