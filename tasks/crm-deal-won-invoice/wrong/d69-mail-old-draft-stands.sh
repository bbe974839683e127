#!/bin/bash
# wrong (free text: mail body): the mail to Ingrid adds that the earlier invoice for USD 24,000 still stands and should be paid too, when it was voided.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(Texts(extra="The earlier invoice for USD 24,000 (with the photo shoot) still stands as well, so please raise the purchase order for both.\n\n"))
PY
