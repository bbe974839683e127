#!/bin/bash
# alternative (accurate deal notes, memo, lines and a logged activity): the right actions, with deal notes, an invoice memo and a CRM note that agree with what was done.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_deal import Texts, solve

solve(Texts(
    deal_notes="Won at the revised quote of USD 21,750: redesign 20,500 plus stock image licence 1,250 (photo shoot dropped).",
    memo="Payment terms: {days} days from the invoice date, as agreed with Ingrid Lindqvist. Replaces the earlier draft, which is void.",
    activity="Deal won at USD 21,750. Invoice {code} issued to accounts payable, due {due}; Ingrid mailed the number, amount and due date.",
))
PY
