#!/bin/bash
# WRONG (right order, wrong details): the right substitute, paid with the first card listed (the Mastercard), not the default Visa.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    shop.call("DELETE", "/cart")
    add("VIR-2704", QUANTITY)
    checkout(card_brand="Mastercard")
PY
