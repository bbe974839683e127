#!/bin/bash
# wrong (a figure in digits no rule reads): right decisions, but the Franklin Barbecue reason puts the meals limit at 70 dollars (it is 75)
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_review import plain_reason, review


def reason(r):
    if r["code"] == "EXP-2004":
        return "Rejected: Franklin Barbecue is over the 70 dollar meals limit."
    return plain_reason(r)


review(reason=reason)
PY
