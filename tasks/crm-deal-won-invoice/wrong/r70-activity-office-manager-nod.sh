#!/bin/bash
# wrong (free text: CRM note on the deal): logs that the office manager holds the purse strings and the paperwork waits on his nod, where Ingrid's partners signed off and the invoice is issued now.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(activity=(
    "Redesign: who signs",
    "Their office manager holds the purse strings; the paperwork waits on his nod.",
))
PY
