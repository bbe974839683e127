#!/bin/bash
# wrong (acts before the event only, never looks again): sends the question and books straight
# away at a time Alice is free (Thursday 10:00), without reading what Dana answered.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book
ask()
book(10)
print("booked without reading her answer")
PY
