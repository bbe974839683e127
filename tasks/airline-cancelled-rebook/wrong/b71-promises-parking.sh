#!/bin/bash
# wrong (free text: mail to Bob): right number and time plus a promise that the airline will pay his parking and waiting time; no one offered that
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from booking_mover import rebook_and_mail

rebook_and_mail(
    'New flight: {number}, landing {lands}',
    'Hi Bob,\n\nMy flight was cancelled; I am now on {number} from Lyon, landing at Heathrow '
    'at {lands} London time tomorrow. The airline has agreed to cover your parking and the '
    'extra wait, so just keep the ticket for me.\n\nAlice',
)
PY
