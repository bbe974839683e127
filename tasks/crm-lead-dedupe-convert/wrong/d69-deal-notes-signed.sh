#!/bin/bash
# wrong (free text: deal notes): notes on the deal "Contract signed on the call today", a claim of what has not happened (Priya expects to sign by 17 April).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_leads import Texts, solve

solve(Texts(deal_notes="Contract signed on the call today; nothing left to do before kickoff."))
PY
