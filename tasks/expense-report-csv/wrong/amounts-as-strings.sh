#!/bin/bash
# Class: wrong format. Right values, but every amount is written as a string with two decimals
# ("654.90"); the instruction says amounts are numbers, not strings.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from claims_report import APPROVED, summarise, write

rep = summarise(APPROVED)
rep["by_category"] = {k: f"{v:.2f}" for k, v in rep["by_category"].items()}
rep["by_month"] = {k: f"{v:.2f}" for k, v in rep["by_month"].items()}
rep["total"] = f"{rep['total']:.2f}"
write(rep)
PY
