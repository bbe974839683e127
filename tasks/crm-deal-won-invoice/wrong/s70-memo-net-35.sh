#!/bin/bash
# wrong (free text: invoice memo): the memo gives "Net 35" terms, which no vocabulary of other terms lists, while the invoice is due at the 45 days Ingrid asked for.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(Texts(memo="Website redesign as per the revised quote. Terms: Net 35."))
PY
