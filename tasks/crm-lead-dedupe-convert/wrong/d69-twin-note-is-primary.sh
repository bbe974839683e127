#!/bin/bash
# wrong (free text: duplicate lead notes): the unqualified misspelt entry is noted "Primary entry: convert this one; lead 1 is the duplicate", the opposite of what was done.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_leads import Texts, solve

solve(Texts(twin_note="Primary entry for Priya: convert this one; lead {full} is the duplicate."))
PY
