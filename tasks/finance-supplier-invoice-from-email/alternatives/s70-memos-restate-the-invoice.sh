#!/bin/bash
# alternative (true memos): the bill's memo restates the invoice (1,500 copies, 24 pp, two rounds of rush proofing, due 2026-04-07, net 21) and the transfer's memo quotes its number and the account.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_printer import Texts, solve

solve(
    Texts(
        memo="Spring catalogue: 1,500 copies, 24 pp, plus 2 rounds of rush proofing; "
        "due 2026-04-07 (net 21)",
        transfer_memo="{number} from Business Checking 4821",
    )
)
PY
