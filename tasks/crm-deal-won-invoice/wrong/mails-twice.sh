#!/bin/bash
# Wrong (done twice): sends Ingrid the same invoice mail twice.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
void()
issue()
mail()
mail()
PY
