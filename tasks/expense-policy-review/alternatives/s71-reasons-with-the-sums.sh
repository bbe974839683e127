#!/bin/bash
# alternative (fuller true reasons): each reason works the sum through, the amount in its currency, the rate, the base amount, the limit and by how much it is over, with the day it was spent; no approval note
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import review

REASONS = {
    "EXP-2002": (
        "Rejected. The Hoxton Holborn, your night of Monday 23 February, is GBP 330.00, which "
        "at the company rate of 1.27 is USD 419.10: USD 19.10 above the USD 400.00 lodging "
        "limit. Your other expense on this report is fine. Please fix the hotel item and "
        "submit the report again."
    ),
    "EXP-2004": (
        "Rejected. Franklin Barbecue, the lunch of Thursday 26 February, is USD 80.50, USD 5.50 "
        "more than the USD 75.00 per-item limit for meals. Everything else on the report is "
        "fine; once that lunch is fixed, send the report back for approval."
    ),
}

review(reason=lambda r: REASONS[r["code"]])
PY
