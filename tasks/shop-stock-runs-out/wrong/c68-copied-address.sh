#!/bin/bash
# wrong (near-twin address): saves a copy of the office address as a new 'Office desks' address and ships the right substitute there, not to the default address itself.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    office = next(a for a in listed(api, "/addresses") if a["is_default"])
    copy = {k: office[k] for k in ("recipient", "line1", "line2", "city", "region", "postal_code", "country")}
    new = api.call("POST", "/addresses", {**copy, "label": "Office desks"})
    order(api, substitute(api), address_id=new["id"])
PY
