#!/bin/bash
# Wrong (a fact missing): the reply confirms the number and amount but not the day it was
# paid.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
book_and_pay()
reply("Hello,\n\nInvoice NP-2318 is recorded and paid: USD 1,274.40 by bank transfer.\n\nAlice")
PY
