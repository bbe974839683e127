#!/bin/bash
# Class: look-alike decoy. Everything right except 'largest', taken over all claims: 'Rental car
# deposit' (300.00, rejected) instead of the largest approved claim 'Hotel Berlin 2 nights'
# (264.00).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from decimal import Decimal

from claims_report import ALL, APPROVED, summarise, write

rep = summarise(APPROVED)
rep["largest"] = max(ALL, key=lambda r: Decimal(r["amount_eur"]))["description"]
write(rep)
PY
