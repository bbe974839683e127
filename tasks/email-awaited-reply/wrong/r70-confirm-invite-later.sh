#!/bin/bash
# wrong (free text: confirmation reply to Dana): promises to "get a calendar invite across once I am back at my desk", though she was already invited
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(confirm="Hi Dana,\n\nThanks, {when} Eastern works. I will get a calendar invite across to you once I am back at my desk.\n\nAlice")
PY
