#!/bin/bash
# Class: content / vague-text. The numbers are right, but 'largest' says nothing concrete ('see
# the CSV for the largest claim') instead of the claim's description.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from claims_report import APPROVED, summarise, write

rep = summarise(APPROVED)
rep["largest"] = "see the CSV for the largest claim"
write(rep)
PY
