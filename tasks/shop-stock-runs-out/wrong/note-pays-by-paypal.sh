#!/bin/bash
# wrong (free text: order note): orders three of the right substitute with the default card, but the note asks the shop to 'charge my PayPal account instead of the card'.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    order(api, substitute(api), note="Please charge my PayPal account for this instead of the card.")
PY
