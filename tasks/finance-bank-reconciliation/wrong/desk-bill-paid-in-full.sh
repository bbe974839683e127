#!/bin/bash
# Wrong (right action, wrong detail): adds a made-up 930.00 charge so the desk bill reads paid in
# full (a transaction the bank never posted).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
everything_right()
t = fin.call("POST", "/transactions", {"account_id": 1, "amount": -930.0, "merchant": "Orbit Office Furniture", "category": "Equipment", "memo": "desk balance"})
pay("INV-0043", t["id"])
PY
