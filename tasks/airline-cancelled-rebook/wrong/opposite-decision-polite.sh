#!/bin/bash
# wrong (content: opposite-decision-polite): rebooks onto LC216 correctly, but the mail politely
# tells Bob that no new flight could be found tomorrow and that he should not come to Heathrow.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import mail_bob, rebook_onto

rebook_onto("LC216")
mail_bob("Tomorrow's pick-up", "Hi Bob,\n\nI'm so sorry: my flight to London tomorrow was cancelled and I couldn't get onto another flight that day, so please don't come to Heathrow tomorrow. I'll let you know once I have a new plan.\n\nThanks so much for offering, and sorry again!\nAlice")
print("moved; told Bob not to come")
PY
