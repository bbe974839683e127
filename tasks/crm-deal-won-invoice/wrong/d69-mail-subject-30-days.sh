#!/bin/bash
# wrong (free text: mail subject): the subject says "due in 30 days" while the invoice (and the body) say 45 days.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(Texts(subject="Invoice {code}: website redesign, due in 30 days"))
PY
