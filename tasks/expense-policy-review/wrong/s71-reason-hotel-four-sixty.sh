#!/bin/bash
# wrong (a figure in words): right decisions, but the Hoxton reason says the night came to about four hundred and sixty dollars (it is 419.10)
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_review import review_with_reason_for

review_with_reason_for(
    "EXP-2002",
    "Rejected: The Hoxton Holborn is over the lodging limit; the one night came to "
    "about four hundred and sixty dollars.",
)
PY
