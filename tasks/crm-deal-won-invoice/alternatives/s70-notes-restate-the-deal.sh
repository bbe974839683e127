#!/bin/bash
# alternative (true notes): the deal's notes and the invoice's memo restate the deal in their own figures: signed off on 15 March at 21,750 (20,500 for the redesign, 1,250 for up to 20 stock images), due in 45 days, on 30 April.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(
    Texts(
        deal_notes="Signed off by the partners on 15 March at the revised 21,750: 20,500 for "
        "the redesign and 1,250 for up to 20 stock images. Invoice {code} due 30 April.",
        memo="Website redesign per the revised quote; payable within 45 days (by 30 April).",
    )
)
PY
