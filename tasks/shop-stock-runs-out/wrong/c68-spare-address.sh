#!/bin/bash
# wrong (extra change): orders three of the right substitute to the defaults, and also saves a new 'Desk 4C' address it never uses.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    order(api, substitute(api))
api.call("POST", "/addresses", {"label": "Desk 4C", "recipient": "Alice Martin", "line1": "500 Market Street", "line2": "Floor 4, desk 4C", "city": "San Francisco", "region": "CA", "postal_code": "94105", "country": "US"})
PY
