#!/bin/bash
# alternative (true free text): accurate descriptions of each plan and warmer, true replies
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from d69_plans import add

add(
    descriptions={
        "bob": "Bob has two tickets; jazz starts at 20:00 at the Blue Note.",
        "carol": "Carol's treat for my birthday.",
        "erin": "Moved from Wednesday 11 to Thursday 12 March, same time and place.",
    },
    replies={
        "bob": "Jazz night is in my calendar: Friday March 6, 20:00 at the Blue Note. Thanks!",
        "carol": "Birthday brunch with Carol is in my calendar for Sunday at 11:30. Thank you!",
        "erin": "Book club is in my calendar for Thursday March 12 at 19:00. See you then!",
    },
)
PY
