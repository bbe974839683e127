#!/bin/bash
# wrong (free text: mail to Bob): gives LC216 and 14:05, then says she will probably take the evening flight anyway and he should come around eight, reversing the plan
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from booking_mover import rebook_and_mail

rebook_and_mail(
    'New flight: {number}, landing {lands}',
    'Hi Bob,\n\nMy flight was cancelled; on paper I am now on {number}, landing at Heathrow '
    'at {lands} London time tomorrow. Truthfully I will most likely hop on the evening one '
    'instead, so plan on collecting me around eight.\n\nAlice',
)
PY
