#!/bin/bash
# Wrong (a harmful extra): right outcome, but also marks the architects' other open deal, the signage, as won.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
win(amount=9500, deal=3)
void()
issue()
mail()
PY
