#!/bin/bash
# alternative (approval notes and rejection reasons that say what happens next): an approval note saying finance pays it in its next run, reasons that say the other items are fine and how to get paid
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import over_items, review

review(
    note=lambda r: "Approved: every item is within its category limit. Finance will reimburse "
    "it in their next payment run.",
    reason=lambda r: "Rejected: "
    + " and ".join(i["merchant"] for i in over_items(r))
    + " is over its category's per-item limit; the other items are within the limit. Please "
    "fix that item and resubmit, and the report can then be approved and reimbursed.",
)
PY
