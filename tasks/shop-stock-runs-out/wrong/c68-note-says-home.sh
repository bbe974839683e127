#!/bin/bash
# wrong (contradicting text): orders three of the right substitute to the default office address and card, but the order's note tells the shop 'Please deliver to my home address, 742 Evergreen Terrace'.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    order(api, substitute(api), note="Please deliver to my home address, 742 Evergreen Terrace.")
PY
