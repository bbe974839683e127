#!/bin/bash
# wrong (free text: mail to Bob): right number and time, but sends him to "the airport down by Crawley" (Gatwick); the flight lands at Heathrow
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from booking_mover import rebook_and_mail

rebook_and_mail(
    'New flight: {number}, landing {lands}',
    'Hi Bob,\n\nMy flight was cancelled; I am now on {number} from Lyon, landing at {lands} '
    'London time tomorrow, but at the airport down by Crawley this time, not the usual one.\n'
    '\nAlice',
)
PY
