#!/bin/bash
# Wrong (done twice): issues a second, identical invoice to the architects after the first, and mails the first's number.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
void()
issue()
issue()
mail()
PY
