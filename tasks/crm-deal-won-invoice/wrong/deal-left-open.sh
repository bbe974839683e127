#!/bin/bash
# Wrong (partial): updates the deal's amount but leaves it in negotiation.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win(stage="negotiation")
void()
issue()
mail()
PY
