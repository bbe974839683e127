#!/bin/bash
# wrong (free text: duplicate charge memo): the memo names the duplicate but says it charged USD 965.20 (both charges added up), not the USD 482.60 it took.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_recon import Texts, solve

solve(Texts(duplicate="{memo} - DUPLICATE CHARGE of USD 965.20 for {number}; disputing with the bank"))
PY
