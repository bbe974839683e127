#!/bin/bash
# wrong (free text: reply body): the reply adds that the payment was charged to the Visa Business Card ending 9012, which it was not (it is a transfer from checking), and passes on the card's number.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_printer import Texts, solve

solve(Texts(extra="Correction: the payment went on our Visa Business Card ending 9012, not by transfer.\n\n"))
PY
