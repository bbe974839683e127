#!/bin/bash
# wrong (free text: mail to Bob): right number and time plus, in the same mail, a false fact about someone else: "Carol is on the same flight, please take her too"
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from booking_mover import rebook_and_mail

rebook_and_mail(
    'New flight: {number}, landing {lands}',
    'Hi Bob,\n\nMy flight LC214 was cancelled; I am now on {number} from Lyon, landing at '
    'London Heathrow at {lands} (London time) tomorrow. Carol from the office was moved '
    'onto the same flight, so please take her home too; she lands with me.\n\nAlice',
)
PY
