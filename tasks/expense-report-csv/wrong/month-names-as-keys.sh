#!/bin/bash
# Class: wrong format. Right totals, but months are keyed 'January 2026', 'February 2026'...
# instead of the required 'YYYY-MM'.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from claims_report import APPROVED, summarise, write

from datetime import date
rep = summarise(APPROVED)
rep["by_month"] = {date(int(k[:4]), int(k[5:]), 1).strftime("%B %Y"): v for k, v in rep["by_month"].items()}
write(rep)
PY
