#!/bin/bash
# wrong (extra change): orders three of the right substitute to the default address, after adding 'desks 4A-4C' to that address's second line (nothing in the account was to change).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    address = defaults(api)["address_id"]
    api.call("PATCH", f"/addresses/{address}", {"line2": "Floor 4, desks 4A-4C"})
    order(api, substitute(api))
PY
