#!/bin/bash
# wrong (free text: confirmation mail): promises "Ravi from finance will join and I will send the pricing beforehand"; neither is done and Ravi is not invited
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_dana import book

book(confirm="Hi Dana,\n\nBooked for Thursday at 3:00 pm Eastern. Ravi from finance will join "
     "us, and I have already sent you the new pricing sheet.\n\nAlice")
PY
