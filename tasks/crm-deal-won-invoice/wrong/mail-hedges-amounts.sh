#!/bin/bash
# Wrong (a hedge): the mail gives the new total but also the old 24,000 as if either could stand.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
void()
issue()
mail(note(amount="USD 21,750.00 (or USD 24,000 if the photo shoot is back in)"))
PY
