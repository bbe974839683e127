#!/bin/bash
# wrong (free text: mail to Bob): number right, landing said as "a quarter past two" (14:15); it lands 14:05
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from booking_mover import rebook_and_mail

rebook_and_mail(
    'Change of flight: {number}',
    'Hi Bob,\n\nMy morning flight got cancelled. I am on {number} instead, touching down at '
    'Heathrow at a quarter past two in the afternoon (London time) tomorrow.\n\nAlice',
)
PY
