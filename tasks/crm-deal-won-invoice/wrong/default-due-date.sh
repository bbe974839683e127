#!/bin/bash
# Wrong (a wrong date): leaves the books' default 30-day terms instead of the 45 days Ingrid asked for, and mails that due date.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
void()
inv = issue(due=None)
mail(note(due="15 April 2026"))
PY
