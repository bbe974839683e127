#!/bin/bash
# wrong (free text: mail body): tells Ingrid the photographer will still come to shoot the studio, the shoot she dropped and the invoice does not bill.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(body=(
    "Hi Ingrid,\n\nThank you for the go-ahead! Invoice {code} for the website redesign has gone to "
    "your accounts payable: {amount}, due on {due}. Our photographer will still come round to "
    "shoot the studio and your projects, as in the first proposal.\n\nBest,\nAlice"
))
PY
