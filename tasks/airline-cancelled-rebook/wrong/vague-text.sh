#!/bin/bash
# wrong (content: vague-text): rebooks onto LC216, but the mail to Bob says nothing concrete (no
# flight number, no landing time).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import mail_bob, rebook_onto

rebook_onto("LC216")
mail_bob("Tomorrow", "Hi Bob,\n\nAll sorted with the airline, I'm on a new flight. See you at the airport!\n\nAlice")
print("moved; vague mail")
PY
