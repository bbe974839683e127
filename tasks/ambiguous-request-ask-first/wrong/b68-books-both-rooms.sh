#!/bin/bash
# wrong (hedged, one extra change): asks, then books Thursday 10:30-11:30 twice, once in each room, so whichever Maria meant is in the calendar.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, BOREALIS, QUESTION, answer, ask, book

ask(QUESTION)
said = answer()
book("10:30", "11:30", AURORA)
book("10:30", "11:30", BOREALIS)
PY
