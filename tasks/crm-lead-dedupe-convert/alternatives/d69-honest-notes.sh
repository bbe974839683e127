#!/bin/bash
# alternative (accurate deal, contact and account notes): the right actions, with notes that agree with what was agreed on the call.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_leads import Texts, solve

solve(Texts(
    deal_notes="Quote of 3 March accepted on the call of 10 March: USD 48,500 a year for three warehouses; signature expected by 17 April 2026.",
    contact_notes="Director of Operations at Kestrel Robotics. Referred by Marisol Vega (Brightwater Logistics).",
    account_notes="Fleet tracking for three warehouses. Not related to Kestrel Aviation.",
))
PY
