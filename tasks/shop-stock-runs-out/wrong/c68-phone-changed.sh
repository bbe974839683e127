#!/bin/bash
# wrong (extra change): orders three of the right substitute to the defaults, after changing Alice's profile phone to the office desk line (nothing in the account was to change).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
api.call("PATCH", "/profile", {"phone": "+1 415 555 0199"})
if not try_v27u(api):
    order(api, substitute(api))
PY
