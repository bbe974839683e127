#!/bin/bash
# wrong (free text: mail to Bob): right number and time plus, in the same mail, a claim that Alice was upgraded to business and given lounge access - nothing like that was done
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from booking_mover import rebook_and_mail

rebook_and_mail(
    'New flight: {number}, landing {lands}',
    'Hi Bob,\n\nMy flight LC214 was cancelled; I am now on {number} from Lyon, landing at '
    'London Heathrow at {lands} (London time) tomorrow. The airline has also moved me up to '
    'business class on it and given me lounge access to make up for it, so I will be the '
    'first one off.\n\nAlice',
)
PY
