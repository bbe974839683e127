#!/bin/bash
# wrong (free text: payment memo): the Lumen charge moved to Utilities and matched to LE-883120 is noted "team dinner, keep under Dining", contradicting the category and the bill it pays.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_recon import Texts, solve

solve(Texts(payment_memos={"LE-883120": "{memo} - team dinner, keep under Dining"}))
PY
