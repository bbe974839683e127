#!/bin/bash
# Wrong (right action, wrong detail): pays from the Visa Business Card instead of Business
# Checking.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
bill = book()
pay(bill["code"], transfer(account=3)["id"])
reply()
PY
