#!/bin/bash
# wrong (free text: task notes): the deck task is moved to Wednesday 17:00 Berlin but a line added to its notes says "Klaus needs it by Thursday 5 March, 17:00 New York time", his old day in the wrong zone.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_deadlines import run

run(deck_notes_append="Klaus needs it by Thursday 5 March, 17:00 New York time.")
PY
