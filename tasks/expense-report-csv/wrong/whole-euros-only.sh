#!/bin/bash
# Class: wrong details (rounding). Truncates every claim to whole euros before summing (travel 654
# instead of 654.90, total 1386 instead of 1393.28); the instruction asks for amounts rounded to
# the cent.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from decimal import Decimal

from claims_report import APPROVED, summarise, write

rep = summarise([dict(r, amount_eur=str(int(Decimal(r["amount_eur"])))) for r in APPROVED])
write(rep)
PY
