#!/bin/bash
# wrong (free text: line description): the rush proofing line, charged at 89.40, says it is a courtesy of the house (free).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(descriptions={"Rush proofing (2 rounds)": "Rush proofing (2 rounds), courtesy of the house"})
PY
