#!/bin/bash
# wrong (content: vague: books LC516, but the mail names no flight and no time)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import mail_dana, rebook, the_right_flight

rebook(the_right_flight())
mail_dana("Tomorrow", "Hi Dana,\n\nAll sorted with the airline, I am on a new flight and will land in the afternoon. See you at the airport!\n\nAlice")
print("moved; vague mail")
PY
