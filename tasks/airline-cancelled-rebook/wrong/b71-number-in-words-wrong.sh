#!/bin/bash
# wrong (free text: mail to Bob): the flight number given only in words and wrong ("LC two-eighteen", the evening flight); she is on LC216
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from booking_mover import rebook_and_mail

rebook_and_mail(
    'New flight tomorrow',
    'Hi Bob,\n\nMy flight was cancelled; I am now on the LC two-eighteen from Lyon, landing '
    'at Heathrow at {lands} London time tomorrow.\n\nAlice',
)
PY
