#!/bin/bash
# Wrong (a fact missing): mails Ingrid the invoice number and amount but not the due date.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
void()
issue()
mail("Hi Ingrid,\n\nInvoice INV-0005 for USD 21,750 has gone to your accounts payable.\n\nBest,\nAlice")
PY
