#!/bin/bash
# wrong (free text: confirmation reply to Dana): says "let's park the call until your figures land", beside the call booked for Thursday
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(confirm="Hi Dana,\n\nThanks for coming back to me. On reflection, let's park the call until your renewal figures land; I will come back to you then.\n\nAlice")
PY
