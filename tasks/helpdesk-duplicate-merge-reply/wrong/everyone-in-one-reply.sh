#!/bin/bash
# Everyone's items: the reply also tells Maria about Mario Gonzales's Globex report export,
# another customer's ticket.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields()
reply(text=reply_text(extra="We have also seen slow PDF exports of the monthly report at Globex (TK-1044); that is being looked at too.\n\n"))
PY
