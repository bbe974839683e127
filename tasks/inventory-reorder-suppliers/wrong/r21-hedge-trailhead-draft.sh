#!/bin/bash
# WRONG (hedging): right orders, receipt and mail, plus an unsent draft order to Trailhead Discount for the same tents and gas at their cheaper price, kept in case.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(extra='''print(inv.call("POST", "/purchase-orders", {"supplier": "Trailhead Discount Wholesale", "warehouse": "EAST", "notes": "backup offer, not sent", "lines": [{"sku": "TNT-2P", "quantity": 22, "unit_cost": 78.0}, {"sku": "GAS-230", "quantity": 50, "unit_cost": 2.6}]})["code"])'''))
PY
