#!/bin/bash
# Class: extra unrequested content. Right values plus extra keys ('rejected_total', 'currency',
# 'generated_by'); the instruction says exactly these keys.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from decimal import Decimal

from claims_report import ALL, APPROVED, summarise, write

rep = summarise(APPROVED)
rep["rejected_total"] = float(sum(Decimal(r["amount_eur"]) for r in ALL if r not in APPROVED))
rep["currency"] = "EUR"
rep["generated_by"] = "expense summariser"
write(rep)
PY
