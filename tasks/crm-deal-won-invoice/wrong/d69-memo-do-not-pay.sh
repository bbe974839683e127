#!/bin/bash
# wrong (free text: invoice memo): memo tells accounts payable "Do not pay: this invoice will be cancelled and reissued", an instruction that undoes the invoice just issued.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(Texts(memo="Please do not pay yet: this invoice will be cancelled and reissued with the final figures."))
PY
