#!/bin/bash
# wrong (free text: deal notes): the won deal notes "Won at USD 24,000 incl. two-day photo shoot", the stale proposal, beside its amount of 21,750.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(Texts(deal_notes="Won at USD 24,000: redesign 20,500 plus the two-day photo shoot at 3,500."))
PY
