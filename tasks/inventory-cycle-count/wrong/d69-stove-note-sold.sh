#!/bin/bash
# wrong (free text: write-off note): the 2 stoves are written off as damage, but the note says they were "handed to Northwind, not damaged".
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_count import Texts, solve

solve(Texts(stoves="not damaged: handed to Northwind Outfitters with their order"))
PY
