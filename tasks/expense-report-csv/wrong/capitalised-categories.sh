#!/bin/bash
# Class: wrong details. Right totals, but category names are title-cased ('Travel', 'Meals'...)
# instead of spelled as in the file (lower case).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from claims_report import APPROVED, summarise, write

rep = summarise(APPROVED)
rep["by_category"] = {k.title(): v for k, v in rep["by_category"].items()}
write(rep)
PY
