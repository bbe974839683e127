#!/bin/bash
# wrong (free text: deal notes): says the deal was closed and the invoice sent last week on the call, where both were done today.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(deal_notes="Won: sorted last week on the call with Ingrid; the invoice went out straight after.")
PY
