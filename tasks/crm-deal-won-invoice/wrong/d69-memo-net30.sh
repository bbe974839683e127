#!/bin/bash
# wrong (free text: invoice memo): memo says "Payment due within 30 days", while the invoice is due at the 45 days Ingrid asked for; the invoice contradicts itself.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(Texts(memo="Payment due within 30 days of the invoice date (Net 30)."))
PY
