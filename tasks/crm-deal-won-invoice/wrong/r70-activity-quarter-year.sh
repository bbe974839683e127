#!/bin/bash
# wrong (free text: CRM note on the deal): logs that Ingrid will settle a quarter of a year after invoicing (90 days), where her terms are 45 days.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(activity=("Go-ahead from Ingrid", "Partners signed off. She will settle a quarter of a year out from invoicing."))
PY
