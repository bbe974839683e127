#!/bin/bash
# alternative (numbers and dates in words): the mail gives the amount in words and the due date as the 30th of April; the memo and deal notes say the terms and the scope truly, in other words.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from r70_deal import run

run(
    deal_notes="Won at the revised figure: redesign plus a stock image licence; the shoot was dropped.",
    memo="Forty-five days from the date above, as agreed with the client.",
    body=(
        "Hi Ingrid,\n\nInvoice {code} is on its way to your payables team: twenty-one thousand "
        "seven hundred and fifty US dollars, falling due on the 30th of April, forty-five days "
        "from today as your partners asked.\n\nBest,\nAlice"
    ),
)
PY
