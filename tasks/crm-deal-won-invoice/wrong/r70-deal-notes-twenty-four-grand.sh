#!/bin/bash
# wrong (free text: deal notes): the deal won at 21,750 has notes saying it was signed off at twenty-four grand, shoot included.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(deal_notes="Signed off at twenty-four grand, studio shoot and all.")
PY
