#!/bin/bash
# Wrong (the opposite decision): moves the deal to closed lost at the agreed amount; the invoice and the mail are right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win(stage="closed_lost")
void()
issue()
mail()
PY
