#!/bin/bash
# Wrong (the older version): sends the draft started at the old price (24,000 with the photo shoot) instead of a new invoice, and mails its number.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
BOOKS.call("POST", "/invoices/INV-0004/finalize")
mail(note(code="INV-0004", amount="USD 24,000.00", due="6 April 2026"))
PY
