#!/bin/bash
# Class: wrong details. Right sums, but 'count' is the number of lines in the file (20) instead of
# the number of approved claims (16).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from claims_report import ALL, APPROVED, summarise, write

rep = summarise(APPROVED)
rep["count"] = len(ALL)
write(rep)
PY
