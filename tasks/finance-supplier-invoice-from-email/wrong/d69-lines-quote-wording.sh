#!/bin/bash
# wrong (free text: bill line descriptions): the lines are described as "Business cards, 2 names" and "Rush proofing (waived, no charge)", not what was billed and paid.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_printer import Texts, solve

solve(Texts(descriptions=["Business cards, 2 names", "Rush proofing (waived, no charge)"]))
PY
