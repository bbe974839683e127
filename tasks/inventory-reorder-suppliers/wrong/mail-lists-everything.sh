#!/bin/bash
# Wrong (a text about everything): the mail to Ridgeline also reports the new tent and gas
# orders with Summit and Alpine Fuel.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from reorder_steps import *

receive()
right_orders()
reply("Dear Tom,\n\nUpdate from our side: we received 12 Compact Camp Stoves on PO-1004; 8 stoves and 10 kettles (KTL-1L) are still to come - when can you deliver them? We have also ordered 22 tents (TNT-2P) from Summit and 50 gas canisters (GAS-230) from Alpine Fuel.\n\nAlice Martin")
PY
