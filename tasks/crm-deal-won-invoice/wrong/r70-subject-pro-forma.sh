#!/bin/bash
# wrong (free text: mail subject): calls the issued invoice a pro forma (a quote-like document, not a bill to pay).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(subject="Pro forma {code}: website redesign")
PY
