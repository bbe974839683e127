#!/bin/bash
# wrong (free text: mail to Bob): right number and 14:05, but says it is "the day after tomorrow" (Wednesday 4 March); the flight is tomorrow, Tuesday 3 March
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from booking_mover import rebook_and_mail

rebook_and_mail(
    'New flight: {number}, landing {lands}',
    'Hi Bob,\n\nMy flight was cancelled; I am now on {number} from Lyon, landing at Heathrow '
    'at {lands} London time the day after tomorrow, so no need to come out tomorrow.\n\nAlice',
)
PY
