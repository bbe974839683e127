#!/bin/bash
# Wrong (the wrong person): mails the invoice details to accounts payable instead of Ingrid, who asked for them.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
void()
issue()
mail(to=("ap@lindqvist-arch.example",))
PY
