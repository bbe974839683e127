#!/bin/bash
# WRONG (mail detail): the mail gives amount and due date but not the invoice number Ingrid needs
# for her purchase order (neither in the subject nor in the body).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
void()
inv = issue()
mail.call("POST", "/messages/send", {"to": [INGRID], "subject": "Your website redesign invoice", "body": "Hi Ingrid,\n\nYour invoice for the website redesign has been issued to accounts payable: USD 21,750.00, due on 30 April 2026.\n\nBest,\nAlice"})
PY
