#!/bin/bash
# wrong (free text: event description): the invitation tells Dana the call is to sign a 24-month renewal, terms nobody agreed (the call is to talk about the renewal).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_dana import book

book(description="Renewal call: we'll sign off the 24-month renewal on the call.")
PY
