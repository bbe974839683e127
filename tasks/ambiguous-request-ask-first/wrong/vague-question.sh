#!/bin/bash
# wrong (vague text): mails Maria a vague note that asks nothing she can answer, gets no room, and books the older room
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
print(repr(ask("Hi Maria, got your note about Thursday. Anything I should know?", subject="Thursday")))
book(AURORA, when=REQUESTED)
PY
