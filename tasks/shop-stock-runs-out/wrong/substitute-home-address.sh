#!/bin/bash
# WRONG (right order, wrong details): the right substitute, shipped to the Home address, not the default (Office).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    shop.call("DELETE", "/cart")
    add("VIR-2704", QUANTITY)
    checkout(address_label="Home")
PY
