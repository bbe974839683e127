#!/bin/bash
# wrong (half the answer): asks about the room, books the Aurora room as Maria says, but keeps her first 10:00-11:00, ignoring the 10:30-11:30 she asks for in her answer.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, BOREALIS, QUESTION, answer, ask, book

ask(QUESTION)
said = answer()
book("10:00", "11:00", AURORA if "Aurora room" in said else BOREALIS)
PY
