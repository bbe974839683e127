#!/bin/bash
# Wrong (partial): creates the new invoice but never issues it (left a draft, so accounts payable never gets it), yet mails Ingrid its number.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
void()
issue(finalize=False)
mail()
PY
