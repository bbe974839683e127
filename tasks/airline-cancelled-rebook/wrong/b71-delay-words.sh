#!/bin/bash
# wrong (free text: mail to Bob): right number and time, but says that is "the best part of five hours" later than planned and blames a strike; the old flight landed 10:40 London (3h25 earlier) and it was a crew shortage
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from booking_mover import rebook_and_mail

rebook_and_mail(
    'New flight: {number}, landing {lands}',
    'Hi Bob,\n\nThe air traffic controllers are on strike, so my flight was cancelled; I am '
    'now on {number} from Lyon, landing at Heathrow at {lands} London time tomorrow - the '
    'best part of five hours later than we planned.\n\nAlice',
)
PY
