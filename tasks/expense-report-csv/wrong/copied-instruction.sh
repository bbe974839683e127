#!/bin/bash
# Class: content / copied-instruction. The numbers are right, but 'largest' is the instruction's
# own wording pasted back ('the description of the single largest approved claim').
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from claims_report import APPROVED, summarise, write

rep = summarise(APPROVED)
rep["largest"] = "the description of the single largest approved claim"
write(rep)
PY
