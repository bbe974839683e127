#!/bin/bash
# Wrong (look-alike decoy): does everything right, then takes the reconciliation page's amount
# suggestion and matches the coworking meeting-room charge (240.00, Harbor Coworking) to the
# hosting bill of the same amount, which nothing has paid.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
everything_right()
pay("INV-0042", 103)
PY
