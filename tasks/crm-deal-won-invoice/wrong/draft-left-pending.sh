#!/bin/bash
# Wrong (partial): issues the right invoice and mails Ingrid but leaves the stale draft pending in the books.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
issue()
mail(note(code="INV-0005"))
PY
