#!/bin/bash
# Wrong (the decoy amount): closes the deal won but keeps the first proposal's 24,000 on it; the invoice and the mail are right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win(amount=24000)
void()
issue()
mail()
PY
