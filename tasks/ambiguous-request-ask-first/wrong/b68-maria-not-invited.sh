#!/bin/bash
# wrong (incomplete): asks, then books Aurora 10:30-11:30 on Thursday but without inviting Maria.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, QUESTION, answer, ask, book

ask(QUESTION)
said = answer()
book("10:30", "11:30", AURORA, guests=())
PY
