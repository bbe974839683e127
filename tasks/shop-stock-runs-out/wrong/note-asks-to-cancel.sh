#!/bin/bash
# wrong (free text: order note): orders three of the right substitute to the default address and card, but the note says 'Ordered by mistake: please cancel this and refund my card'.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    order(api, substitute(api), note="Ordered by mistake: please cancel this and refund my card.")
PY
