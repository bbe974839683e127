#!/bin/bash
# wrong (free text: bill memo): the bill is noted "Scheduled: pay by transfer on April 7, 2026", a payment day other than today's, when it was paid today.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_printer import Texts, solve

solve(Texts(memo="Scheduled: pay {number} by bank transfer on April 7, 2026 (due date)."))
PY
