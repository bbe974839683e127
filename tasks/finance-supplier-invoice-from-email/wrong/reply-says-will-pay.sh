#!/bin/bash
# Wrong (decision stated opposite): books the bill, pays it, and the reply says it will be
# paid by the due date.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
book_and_pay()
reply("Hello,\n\nThanks for invoice NP-2318 (USD 1,274.40). It is recorded and we will pay it by April 7, 2026.\n\nAlice")
PY
