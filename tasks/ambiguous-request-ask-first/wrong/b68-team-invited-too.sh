#!/bin/bash
# wrong (one extra change): asks, books the right event, and invites Bob and Carol as well, who were not asked for.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, QUESTION, answer, ask, book

ask(QUESTION)
said = answer()
book("10:30", "11:30", AURORA, guests=("maria@example.test", "bob@example.test", "carol@example.test"))
PY
