#!/bin/bash
# Class: content / opposite-decision. Summarises the rejected claims instead of the approved ones
# (a well-formed report of exactly what must be left out).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from claims_report import ALL, summarise, write

write(summarise([r for r in ALL if r["status"].strip().lower() == "rejected"]))
PY
