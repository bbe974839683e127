#!/bin/bash
# alternative (roles and day-first date): the reply names the account by what it is and the day as the 20th of March, the amount with a dollar sign; the lines are reworded.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from r70_printer import run

run(
    descriptions={
        "Spring catalogue, 24 pp, saddle-stitched": "Spring catalogue print run (24 pages, saddle-stitched)",
        "Rush proofing (2 rounds)": "Two rounds of rush proofs",
    },
    body=(
        "Hello,\n\nThank you for {number}. Our studio's books have it, and we paid it in full "
        "this morning, the 20th of March: $1,274.40 by bank transfer from our business checking "
        "account, quoting {number}.\n\nBest regards,\nAlice Martin"
    ),
)
PY
