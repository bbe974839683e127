#!/bin/bash
# wrong (right words plus everyone else's items): a good question that also lists Alice's other
# Thursday appointments (stand-up, budget review with Ravi, Acme lunch, hiring panel).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import QUESTION, ask, book, latest_time
ask(QUESTION.replace("Thanks,", "For reference, I'm tied up with our team stand-up at 9:30, the "
    "Q2 budget review with Ravi at 11:00, lunch with the Acme team at 12:30 and a hiring panel "
    "at 4:00 pm.\n\nThanks,"))
book(*latest_time())
PY
