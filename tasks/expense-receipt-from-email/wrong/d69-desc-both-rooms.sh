#!/bin/bash
# wrong (free text: item description): says the item covers both rooms, Alice's 412 and Dave's 415, though only her room is charged
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_receipt import file_invoice

file_invoice(description="{number} - rooms 412 (Alice Martin) and 415 (Dave Okafor), 2-5 March")
PY
