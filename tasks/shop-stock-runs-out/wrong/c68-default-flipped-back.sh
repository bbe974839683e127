#!/bin/bash
# wrong (changed, then undone): makes the Home address the default, then puts Office back as default before ordering the right substitute there (the account was changed twice).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    office = defaults(api)["address_id"]
    home = next(a for a in listed(api, "/addresses") if not a["is_default"])
    api.call("POST", "/addresses/%s/default" % home["id"])
    api.call("POST", f"/addresses/{office}/default")
    order(api, substitute(api))
PY
