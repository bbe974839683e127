#!/bin/bash
# wrong (vague text): mails Maria 'Could you confirm the details?', which does not ask about the room, gets no useful answer, and books the Aurora room 10:00-11:00 anyway.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, answer, ask, book

ask("Hi Maria,\n\nCould you confirm the details for me?\n\nAlice")
said = answer()
book("10:00", "11:00", AURORA)
PY
