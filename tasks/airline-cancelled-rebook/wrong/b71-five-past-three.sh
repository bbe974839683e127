#!/bin/bash
# wrong (free text: mail to Bob): says LC216 lands at "five past three in the afternoon, London time"; it lands 14:05 London (15:05 is the French clock)
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from booking_mover import rebook_and_mail

rebook_and_mail(
    'New flight: {number}',
    'Hi Bob,\n\nLC214 was cancelled, so I am now on {number} from Lyon. It gets into Heathrow '
    'at five past three in the afternoon, London time, tomorrow.\n\nAlice',
)
PY
