#!/bin/bash
# wrong (free text: invoice memo): asks for payment within three fortnights (42 days), where Ingrid's terms are 45 days.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(memo="Kindly settle within three fortnights of the invoice date.")
PY
