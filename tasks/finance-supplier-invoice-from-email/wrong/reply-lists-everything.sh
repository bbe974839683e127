#!/bin/bash
# Wrong (a text that lists everything): the reply recaps every Northside document (the
# old invoice, the quote), hedging over amounts.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
book_and_pay()
reply("Hello,\n\nFor the record: NP-2291 (USD 640.00) was paid on March 6; the quote Q-1187 said USD 1,190.00; invoice NP-2318 for USD 1,274.40 is recorded and paid on March 20, 2026.\n\nAlice")
PY
