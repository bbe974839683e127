#!/bin/bash
# alternative (fuller duplicate memo): the right actions, with a duplicate memo that says in full which charge paid the bill and which one to dispute.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_recon import Texts, solve

solve(Texts(duplicate="{memo} - Duplicate charge: USD {amount:,.2f} for {number} taken again on {again}; the charge of {paid} already paid it. Dispute this one with the bank."))
PY
