#!/bin/bash
# alternative (true note added to the deck task): keeps its notes and adds "Klaus moved the deadline to Wednesday 4 March, 17:00 Berlin (11:00 New York)"; the DPA task as the reference.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from d69_deadlines import run

run(deck_notes_append="Klaus moved the deadline to Wednesday 4 March, 17:00 Berlin (11:00 New York): his board meets Thursday morning.")
PY
