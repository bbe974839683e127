#!/bin/bash
# wrong (free text: event description): tells her the carrier comes after 18:00 and will leave it with a neighbour, so no one needs to be home
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_desk import remind

remind(description="FastFreight comes after 18:00 and leaves the desk ({code}) with a neighbour "
       "if nobody answers: no need to stay in.")
PY
