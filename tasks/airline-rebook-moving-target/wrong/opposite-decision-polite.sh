#!/bin/bash
# wrong (content: the opposite, politely: books LC516 but tells Dana she could not get a seat and not to wait for her)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import mail_dana, rebook, the_right_flight

rebook(the_right_flight())
mail_dana("Tomorrow", "Hi Dana,\n\nI am so sorry: my flight LC516 was cancelled and I could not get a seat on another one tomorrow. Please do not wait for me at the airport; I will let you know once I find something.\n\nWarm regards,\nAlice")
print("moved; mailed the opposite")
PY
