#!/bin/bash
# wrong (free text: line description): describes the rush proofing charged on the invoice as a single pass, where the invoice bills two rounds.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(descriptions={"Rush proofing (2 rounds)": "Rush proofing, a single pass"})
PY
