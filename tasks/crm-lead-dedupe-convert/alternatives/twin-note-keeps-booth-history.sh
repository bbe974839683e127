#!/bin/bash
# alternative (the duplicate's note keeps its history): the right actions, and the unqualified entry's note says it duplicates lead 1 and that at the booth she asked for the USD 52,000 list price (true of that entry; the deal is at the quote's 48,500).
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_leads import Texts, solve

solve(Texts(twin_note="Unqualified: duplicate of lead {full}, from the LogiMAT badge scan, where she asked for the USD 52,000 list price; she accepted our quote of 48,500 instead."))
PY
