#!/bin/bash
# WRONG (hedging): the mail gives both amounts, the invoice's 21,750 and 'or 24,000 if the
# photo shoot is back in', and two possible due dates.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
void()
inv = issue()
tell(inv["code"], body=f"Hi Ingrid,\n\nInvoice {inv['code']} is issued: USD 21,750.00 (or USD 24,000.00 if you want the photo shoot back in), due on 30 April 2026 or 15 April 2026 under our standard terms.\n\nBest,\nAlice")
PY
