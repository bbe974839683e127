#!/bin/bash
# alternative (honest text in the order note): the right order, with the note 'Three 27-inch monitors for the new office desks; the V27U could not ship in three. Please leave at reception, 4th floor.' (true words that ask nothing against it).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    order(api, substitute(api), note="Three 27-inch monitors for the new office desks; the V27U could not ship in three. Please leave at reception, 4th floor.")
PY
