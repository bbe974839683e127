#!/bin/bash
# wrong (wrong day): asks, then books Aurora 10:30-11:30 on Thursday of next week instead of this Thursday.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from datetime import timedelta

from b68_review import AURORA, QUESTION, answer, ask, book, thursday

ask(QUESTION)
said = answer()
book("10:30", "11:30", AURORA, day=thursday + timedelta(days=7))
PY
