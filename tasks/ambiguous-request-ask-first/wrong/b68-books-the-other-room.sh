#!/bin/bash
# wrong (right words, wrong decision): asks, reads Maria's answer, and books the Borealis room at 10:30-11:30 (the room her answer names second).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import BOREALIS, QUESTION, answer, ask, book

ask(QUESTION)
said = answer()
book("10:30", "11:30", BOREALIS)
PY
