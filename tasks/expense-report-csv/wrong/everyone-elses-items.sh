#!/bin/bash
# Class: content / everyone-elses-items (wrong filter). Counts every claim, rejected ones included
# (total 1933.68 over 20 claims, largest 'Rental car deposit'); the instruction says only approved
# claims count.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from claims_report import ALL, summarise, write

write(summarise(ALL))
PY
